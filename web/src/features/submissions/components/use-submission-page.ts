import { useCallback, useEffect, useState } from 'react';
import { getSubmissionList, type SubmissionListQuery, type SubmissionPage } from '../api/get-submission-list';
import type { Submission } from '../api/submission-schemas';
import { useLiveSubmissions } from './use-live-submissions';

/**
 * One page of submissions kept live: loaded for `query`, then every in-progress row follows polls and pushes.
 * `reload` re-reads the page (after a filter change or a root action). A failed load just stops loading (§8).
 */
export const useSubmissionPage = (query: SubmissionListQuery | null) => {
  const [page, setPage] = useState<SubmissionPage | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    if (key === 'null') return undefined;
    let isActive = true;
    setLoading(true);
    getSubmissionList(JSON.parse(key) as SubmissionListQuery)
      .then((reply) => isActive && setPage(reply))
      .catch(() => undefined)
      .finally(() => isActive && setLoading(false));
    return () => {
      isActive = false;
    };
  }, [key, version]);

  const merge = useCallback((updates: Record<string, Submission>) => {
    setPage((current) =>
      current && {
        ...current,
        records: current.records.map((row) => {
          const update = updates[row.submitId];
          // The status poll carries no title; keep what the list gave.
          return update ? { ...row, ...update, title: row.title, displayPid: update.displayPid ?? row.displayPid } : row;
        }),
      },
    );
  }, []);
  useLiveSubmissions(page?.records ?? [], merge);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { page, isLoading, reload };
};
