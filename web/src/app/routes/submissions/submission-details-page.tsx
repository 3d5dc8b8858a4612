import { Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useParams } from 'wouter';
import { hasCaseResults } from '@/features/submissions/case-results';
import { updateSubmissionShare } from '@/features/submissions/api/update-submission-share';
import { CaseResultCards } from '@/features/submissions/components/case-result-cards';
import { CodeView } from '@/components/code-view';
import { RootActions } from '@/features/submissions/components/root-actions';
import { SubmissionBanner } from '@/features/submissions/components/submission-banner';
import { useSubmissionDetail } from '@/features/submissions/components/use-submission-detail';
import { showToast } from '@/lib/toast';
import { isSuperAdmin, session } from '@/stores/session';

/** /submission-detail/:submitID: banner, per-case cards or subtasks, code with copy and share (spec 000 §2.5). */
export const SubmissionDetailsPage = () => {
  const { t } = useTranslation('submissions');
  const { submitID = '' } = useParams<{ submitID: string }>();
  const { user } = useSnapshot(session);
  const { detail, cases, hasFailed, reload, setDetail } = useSubmissionDetail(submitID);
  if (hasFailed) {
    return (
      <Container size="lg" py="xl">
        <Text c="dimmed" ta="center">
          {t('detail.notFound')}
        </Text>
      </Container>
    );
  }
  if (!detail) {
    return (
      <Container size="lg" py="xl" ta="center">
        <Loader />
      </Container>
    );
  }
  const { submission } = detail;
  const isOwner = user !== null && submission.uid === user.uid;
  const toggleShare = async (share: boolean) => {
    try {
      await updateSubmissionShare(submission.submitId, share);
      showToast('success', share ? t('code.shared') : t('code.unshared'));
      setDetail({ ...detail, submission: { ...submission, share } });
    } catch {
      // Already shown by the API client.
    }
  };
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <SubmissionBanner submission={submission} />
        {isSuperAdmin(user) && (
          <Card withBorder padding="sm">
            <RootActions submission={submission} onChanged={reload} />
          </Card>
        )}
        {hasCaseResults(cases) && (
          <Card withBorder radius="md" padding="lg">
            <Title order={5} mb="sm">
              {t('detail.cases')}
            </Title>
            <CaseResultCards result={cases} />
          </Card>
        )}
        {submission.code && (
          <Card withBorder radius="md" padding="lg">
            <Title order={5} mb="sm">
              {t('detail.code')}
            </Title>
            <CodeView
              code={submission.code}
              language={submission.language ?? ''}
              share={
                isOwner && detail.codeShare && !submission.cid
                  ? { isShared: submission.share ?? false, onToggle: (next) => void toggleShare(next) }
                  : undefined
              }
            />
          </Card>
        )}
      </Stack>
    </Container>
  );
};
