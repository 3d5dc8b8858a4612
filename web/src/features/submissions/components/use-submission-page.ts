import { useCallback, useEffect, useState } from 'react';
import { getSubmissionList, type SubmissionListQuery, type SubmissionPage } from '../api/get-submission-list';
import type { Submission } from '../api/submission-schemas';
import { useLiveSubmissions } from './use-live-submissions';

/**
 * One page of submissions kept live: loaded for `query`, then every in-progress row follows polls and pushes.
 * `reload` re-reads the page (after a root action), as does a new `refreshKey` (after the owner submitted). A failed load just stops loading (§8).
 */
export const useSubmissionPage = (query: SubmissionListQuery | null, refreshKey = 0) => {
  const [page, setPage] = useState<SubmissionPage | null>(null);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    if (key === 'null') return undefined;
    let isActive = true;
    getSubmissionList(JSON.parse(key) as SubmissionListQuery)
      .then((reply) => isActive && setPage(reply))
      .catch(() => undefined)
      .finally(() => isActive && setLoadedKey(key));
    return () => {
      isActive = false;
    };
  }, [key, version, refreshKey]);

  const merge = useCallback((updates: Record<string, Submission>) => {
    setPage(
      (current) =>
        current && {
          ...current,
          records: current.records.map((row) => {
            const update = updates[row.submitId];
            // The status poll carries no title; keep what the list gave.
            return update
              ? { ...row, ...update, title: row.title, displayPid: update.displayPid ?? row.displayPid }
              : row;
          }),
        },
    );
  }, []);
  useLiveSubmissions(page?.records ?? [], merge);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { page, isLoading: loadedKey !== key, reload };
};
