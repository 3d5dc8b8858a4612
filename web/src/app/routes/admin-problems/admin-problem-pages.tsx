import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import { AdminProblemTable } from '@/features/admin-problems/components/admin-problem-table';
import { ProblemEditorForm } from '@/features/admin-problems/components/problem-editor-form';
import { TagAdmin } from '@/features/admin-problems/components/tag-admin';
import { session } from '@/stores/session';

/** The problem area's links inside the back-office frame (spec 002 §2.11). */
const ProblemAdminLinks = () => {
  const { t } = useTranslation('routes');
  return (
    <Group gap="lg" pt="md">
      <Anchor component={Link} href="/admin/problems">
        {t('adminProblems')}
      </Anchor>
      <Anchor component={Link} href="/admin/problem/create">
        {t('adminProblemCreate')}
      </Anchor>
      <Anchor component={Link} href="/admin/problem/tag">
        {t('adminProblemTag')}
      </Anchor>
    </Group>
  );
};

export const AdminProblemListPage = () => (
  <>
    <ProblemAdminLinks />
    <AdminProblemTable />
  </>
);

export const AdminProblemCreatePage = () => {
  const { user } = useSnapshot(session);
  return (
    <>
      <ProblemAdminLinks />
      <ProblemEditorForm pid={null} author={user?.username ?? ''} />
    </>
  );
};

/** /admin/problem/edit/:problemId, where the id is the problem's database id, as HOJ's admin links use. */
export const AdminProblemEditPage = () => {
  const { user } = useSnapshot(session);
  const { problemId = '' } = useParams<{ problemId: string }>();
  return (
    <>
      <ProblemAdminLinks />
      <ProblemEditorForm key={problemId} pid={problemId} author={user?.username ?? ''} />
    </>
  );
};

export const AdminProblemTagPage = () => (
  <>
    <ProblemAdminLinks />
    <TagAdmin />
  </>
);
