import { useCallback, useEffect, useRef, useState } from 'react';

export type Remote<T> = {
  data: T | undefined;
  isLoading: boolean;
  hasFailed: boolean;
  reload: () => void;
};

type Settled<T> = { key: string; data: T | undefined; hasFailed: boolean };

/**
 * Loads with `load` whenever a dependency changes or `reload` is called; a reply that arrives after a newer
 * request started is dropped. Errors were already toasted by the api client, so only the flag is kept.
 * Dependencies must be JSON values (page numbers, ids, search text).
 */
export const useRemote = <T>(load: () => Promise<T>, deps: readonly unknown[]): Remote<T> => {
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>({ key: '', data: undefined, hasFailed: false });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const key = `${round}:${JSON.stringify(deps)}`;
  useEffect(() => {
    let isCurrent = true;
    loadRef.current().then(
      (data) => {
        if (isCurrent) setSettled({ key, data, hasFailed: false });
      },
      () => {
        if (isCurrent) setSettled((previous) => ({ key, data: previous.data, hasFailed: true }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [key]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  // The last data stays on screen while the next request runs (paging does not flash empty).
  return { data: settled.data, isLoading: settled.key !== key, hasFailed: settled.hasFailed, reload };
};
