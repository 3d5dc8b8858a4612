import { useCallback, useEffect, useState } from 'react';
import { Card, Container, Loader, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useParams } from 'wouter';
import { getProblemDetail, type ProblemDetail } from '@/features/problems/api/get-problem-detail';
import { getUserProblemStatus } from '@/features/problems/api/get-user-problem-status';
import { MySubmissionsTab } from '@/features/problems/components/my-submissions-tab';
import { parseAnnex, ProblemAnnex } from '@/features/problems/components/problem-annex';
import { ProblemEditorPanel } from '@/features/problems/components/problem-editor-panel';
import { ProblemStatement } from '@/features/problems/components/problem-statement';
import { SplitPanes } from '@/components/split-panes';
import { fallbackLanguages } from '@/features/problems/editor/editor-settings';
import { parseExamples } from '@/lib/problem-examples';
import { judgeStatus } from '@/features/submissions/judge-status';
import { showToast } from '@/lib/toast';
import { openAuthDialog } from '@/stores/auth-dialog';
import { session } from '@/stores/session';

/** /problem/:problemID: statement tabs on the left, editor and test run on the right (spec 000 §2.4). */
export const ProblemDetailsPage = () => {
  const { t } = useTranslation('problems');
  const { problemID = '' } = useParams<{ problemID: string }>();
  const { user, token } = useSnapshot(session);
  const [detail, setDetail] = useState<ProblemDetail | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [myStatus, setMyStatus] = useState<number>(judgeStatus.notSubmitted);
  const [tab, setTab] = useState<string | null>('description');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let isActive = true;
    getProblemDetail(problemID)
      .then(async (reply) => {
        if (!isActive) return;
        setDetail(reply);
        setFailed(false);
        if (!token) return;
        const statuses = await getUserProblemStatus([reply.problem.id]).catch(
          () => ({}) as Record<string, { status: number }>,
        );
        if (isActive) setMyStatus(statuses[reply.problem.id]?.status ?? judgeStatus.notSubmitted);
      })
      .catch(() => isActive && setFailed(true));
    return () => {
      isActive = false;
    };
  }, [problemID, token, version]);

  const needLogin = useCallback(() => {
    showToast('warning', t('errors:guard.loginFirst'));
    openAuthDialog('login');
  }, [t]);
  const onJudged = useCallback(() => setVersion((v) => v + 1), []);

  if (hasFailed) {
    return (
      <Container py="xl">
        <Text ta="center" c="dimmed">
          {t('detail.failed')}
        </Text>
      </Container>
    );
  }
  if (!detail) {
    return (
      <Container py="xl" ta="center">
        <Loader />
      </Container>
    );
  }
  const examples = parseExamples(detail.problem.examples);
  const annex = parseAnnex(detail.problem.userExtraFile);
  const languages = detail.languages.length > 0 ? detail.languages : fallbackLanguages;
  const left = (
    <Card withBorder radius="md" padding="md">
      <Tabs value={tab} onChange={(value) => (value === 'mine' && !token ? needLogin() : setTab(value))}>
        <Tabs.List mb="md">
          <Tabs.Tab value="description">{t('tabs.description')}</Tabs.Tab>
          <Tabs.Tab value="mine">{t('tabs.mySubmissions')}</Tabs.Tab>
          {annex.length > 0 && <Tabs.Tab value="annex">{t('tabs.annex')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="description">
          <ProblemStatement detail={detail} examples={examples} />
        </Tabs.Panel>
        <Tabs.Panel value="mine">
          {user && tab === 'mine' && (
            <MySubmissionsTab problemId={detail.problem.problemId} viewerUid={user.uid} version={version} />
          )}
        </Tabs.Panel>
        {annex.length > 0 && (
          <Tabs.Panel value="annex">
            <ProblemAnnex files={annex} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Card>
  );
  return (
    <Container fluid py="md" px={{ base: 'xs', sm: 'md' }}>
      <SplitPanes
        left={left}
        right={
          <ProblemEditorPanel
            pid={detail.problem.id}
            problemId={detail.problem.problemId}
            languages={languages}
            templates={detail.codeTemplate ?? {}}
            examples={examples}
            myStatus={myStatus}
            isSignedIn={token !== null}
            onNeedLogin={needLogin}
            onJudged={onJudged}
          />
        }
      />
    </Container>
  );
};
