import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import { AdminContestTable } from '@/features/admin-contests/components/admin-contest-table';
import { ContestAnnouncementAdmin } from '@/features/admin-contests/components/contest-announcement-admin';
import { ContestEditorForm } from '@/features/admin-contests/components/contest-editor-form';
import { ContestProblemAdmin } from '@/features/admin-contests/components/contest-problem-admin';
import { AcSubmissionDownload } from '@/features/contests/components/ac-submission-download';
import { session } from '@/stores/session';
import { ContestProblemEditor } from './contest-problem-editor';

const ContestAdminLinks = () => {
  const { t } = useTranslation('routes');
  return (
    <Group gap="lg" pt="md">
      <Anchor component={Link} href="/admin/contest">
        {t('adminContest')}
      </Anchor>
      <Anchor component={Link} href="/admin/contest/create">
        {t('adminContestCreate')}
      </Anchor>
    </Group>
  );
};

const useContestId = () => useParams<{ contestId: string }>().contestId ?? '';

export const AdminContestListPage = () => (
  <>
    <ContestAdminLinks />
    <AdminContestTable acDownload={(cid) => <AcSubmissionDownload cid={cid} />} />
  </>
);

export const AdminContestCreatePage = () => {
  const { user } = useSnapshot(session);
  return (
    <>
      <ContestAdminLinks />
      <ContestEditorForm cid={null} uid={user?.uid ?? ''} author={user?.username ?? ''} />
    </>
  );
};

export const AdminContestEditPage = () => {
  const { user } = useSnapshot(session);
  const cid = useContestId();
  return (
    <>
      <ContestAdminLinks />
      <ContestEditorForm key={cid} cid={cid} uid={user?.uid ?? ''} author={user?.username ?? ''} />
    </>
  );
};

export const AdminContestProblemsPage = () => (
  <>
    <ContestAdminLinks />
    <ContestProblemAdmin cid={useContestId()} />
  </>
);

export const AdminContestAnnouncementPage = () => (
  <>
    <ContestAdminLinks />
    <ContestAnnouncementAdmin cid={useContestId()} />
  </>
);

export const AdminContestProblemCreatePage = () => {
  const { user } = useSnapshot(session);
  const cid = useContestId();
  return (
    <>
      <ContestAdminLinks />
      <ContestProblemEditor key={cid} cid={cid} pid={null} author={user?.username ?? ''} />
    </>
  );
};

export const AdminContestProblemEditPage = () => {
  const { user } = useSnapshot(session);
  const cid = useContestId();
  const { problemId = '' } = useParams<{ problemId: string }>();
  return (
    <>
      <ContestAdminLinks />
      <ContestProblemEditor key={`${cid}-${problemId}`} cid={cid} pid={problemId} author={user?.username ?? ''} />
    </>
  );
};
