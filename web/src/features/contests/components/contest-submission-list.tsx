import { useCallback, useEffect, useState } from 'react';
import { Card, LoadingOverlay, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { ListPager } from '@/components/list-pager';
import { showToast } from '@/lib/toast';
import { openAuthDialog } from '@/stores/auth-dialog';
import { session } from '@/stores/session';
import type { Submission } from '@/features/submissions/api/submission-schemas';
import { SubmissionFilters } from '@/features/submissions/components/submission-filters';
import { SubmissionTable } from '@/features/submissions/components/submission-table';
import { useLiveSubmissions } from '@/features/submissions/components/use-live-submissions';
import { buildSubmissionListQuery, parseSubmissionListQuery } from '@/features/submissions/submission-list-query';
import { checkContestSubmissionsStatus, getContestSubmissions } from '../api/contest-submissions';
import { contestProblemPath, contestSubmissionPath, contestTabPath } from '../contest-tab-paths';
import type { ContestView } from './use-contest';

type Page = { records: Submission[]; total: number };

/** Contest submissions (reference §1.1): the server applies the seal and hiding rules; the client pages them. */
export const ContestSubmissionList = ({ view }: { view: ContestView }) => {
  const { t } = useTranslation('contests');
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = parseSubmissionListQuery(search);
  const [page, setPage] = useState<Page | null>(null);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const query = JSON.stringify({
    contestID: view.cid,
    // The client asks for before-start submissions while the contest is scheduled (reference §1.1).
    beforeContestSubmit: view.status === -1,
    onlyMine: filters.onlyMine,
    currentPage: filters.currentPage,
    limit: filters.limit,
    problemID: filters.problemID || undefined,
    status: filters.status ?? undefined,
    username: filters.username || undefined,
  });
  const loadKey = `${query}#${version}`;
  const isLoading = loadedKey !== loadKey;
  useEffect(() => {
    let isActive = true;
    getContestSubmissions(JSON.parse(query) as Parameters<typeof getContestSubmissions>[0])
      .then((reply) => isActive && setPage(reply))
      .catch(() => undefined)
      .finally(() => isActive && setLoadedKey(`${query}#${version}`));
    return () => {
      isActive = false;
    };
  }, [query, version]);
  const merge = useCallback(
    (updates: Record<string, Submission>) => {
      setPage(
        (current) =>
          current && {
            ...current,
            records: current.records.map((row) => {
              const update = updates[row.submitId];
              return update
                ? { ...row, status: update.status, time: update.time, memory: update.memory, score: update.score }
                : row;
            }),
          },
      );
    },
    [setPage],
  );
  const check = useCallback((ids: readonly string[]) => checkContestSubmissionsStatus(view.cid, ids), [view.cid]);
  useLiveSubmissions(page?.records ?? [], merge, check);
  const go = (next: typeof filters) => {
    const text = buildSubmissionListQuery(next);
    navigate(`${contestTabPath(view.cid, 'submissions')}${text ? `?${text}` : ''}`);
  };
  const displayIdOf = (row: Submission) => row.displayId ?? row.displayPid ?? '';
  return (
    <Card withBorder radius="md" padding="md" pos="relative">
      <LoadingOverlay visible={isLoading} />
      <Stack gap="md">
        <SubmissionFilters
          filters={filters}
          isSignedIn={view.isSignedIn}
          onChange={go}
          onRefresh={() => setVersion((v) => v + 1)}
          onNeedLogin={() => {
            showToast('warning', t('errors:guard.loginFirst'));
            openAuthDialog('login');
          }}
        />
        <SubmissionTable
          rows={page?.records ?? []}
          viewerUid={session.user?.uid ?? null}
          isRoot={view.isRoot}
          onChanged={() => setVersion((v) => v + 1)}
          links={{
            problem: (row) => contestProblemPath(view.cid, displayIdOf(row)),
            submission: (row) => contestSubmissionPath(view.cid, displayIdOf(row), row.submitId),
          }}
        />
        <ListPager
          total={page?.total ?? 0}
          pageSize={filters.limit}
          page={filters.currentPage}
          onPage={(currentPage) => go({ ...filters, currentPage })}
        />
      </Stack>
    </Card>
  );
};
