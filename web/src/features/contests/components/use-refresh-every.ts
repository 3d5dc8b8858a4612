import { useEffect } from 'react';

/** Calls `reload` every `periodMs` while the page is open (the AC helper and print queue: 10 s). */
export const useRefreshEvery = (reload: () => void, periodMs: number, isOn = true): void => {
  useEffect(() => {
    if (!isOn) return undefined;
    const timer = setInterval(reload, periodMs);
    return () => clearInterval(timer);
  }, [reload, periodMs, isOn]);
};
