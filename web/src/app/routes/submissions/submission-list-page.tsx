import { Card, Container, Group, LoadingOverlay, Pagination, Select, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { SubmissionFilters } from '@/features/submissions/components/submission-filters';
import { SubmissionTable } from '@/features/submissions/components/submission-table';
import { useSubmissionPage } from '@/features/submissions/components/use-submission-page';
import {
  buildSubmissionListQuery,
  pageSizeOptions,
  parseSubmissionListQuery,
  type SubmissionListFilters,
} from '@/features/submissions/submission-list-query';
import { showToast } from '@/lib/toast';
import { openAuthDialog } from '@/stores/auth-dialog';
import { isSuperAdmin, session } from '@/stores/session';

/** /status: every public submission, filtered from the URL, in-progress rows live (spec 000 §2.5). */
export const SubmissionListPage = () => {
  const { t } = useTranslation('submissions');
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user, token } = useSnapshot(session);
  const isSmall = useMediaQuery('(max-width: 768px)');
  const filters = parseSubmissionListQuery(search);
  const isSignedIn = token !== null;
  // Spec 000 §2.5: only-mine without a sign-in is turned off (the guard below warns once).
  const effective = { ...filters, onlyMine: filters.onlyMine && isSignedIn };
  const { page, isLoading, reload } = useSubmissionPage({
    onlyMine: effective.onlyMine,
    status: effective.status ?? undefined,
    username: effective.onlyMine ? undefined : effective.username || undefined,
    problemID: effective.problemID || undefined,
    completeProblemID: effective.completeProblemID,
    uid: effective.uid || undefined,
    gid: effective.gid || undefined,
    currentPage: effective.currentPage,
    limit: effective.limit,
  });
  const go = (next: SubmissionListFilters) => {
    const query = buildSubmissionListQuery(next);
    navigate(query ? `/status?${query}` : '/status');
  };
  const needLogin = () => {
    showToast('warning', t('errors:guard.loginFirst'));
    openAuthDialog('login');
  };
  const pages = page ? Math.max(1, Math.ceil(page.total / effective.limit)) : 1;
  return (
    <Container size="xl" py="lg">
      <Card withBorder radius="md" padding="lg" pos="relative">
        <LoadingOverlay visible={isLoading && !page} />
        <Group justify="space-between" mb="md" align="flex-end" wrap="wrap">
          <Title order={3}>{t('list.title')}</Title>
          <SubmissionFilters
            filters={effective}
            isSignedIn={isSignedIn}
            onChange={go}
            onRefresh={reload}
            onNeedLogin={needLogin}
          />
        </Group>
        <SubmissionTable
          rows={page?.records ?? []}
          viewerUid={user?.uid ?? null}
          isRoot={isSuperAdmin(user)}
          onChanged={reload}
        />
        <Group justify="space-between" mt="md" wrap="wrap">
          <Select
            w={110}
            size="xs"
            value={String(effective.limit)}
            onChange={(value) => value && go({ ...effective, limit: Number(value), currentPage: 1 })}
            data={pageSizeOptions.map((size) => ({ value: String(size), label: t('list.perPage', { size }) }))}
          />
          <Pagination
            total={pages}
            value={Math.min(effective.currentPage, pages)}
            onChange={(currentPage) => go({ ...effective, currentPage })}
            size={isSmall ? 'sm' : 'md'}
          />
        </Group>
      </Card>
    </Container>
  );
};
