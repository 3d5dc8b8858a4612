import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Card, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { openAuthDialog } from '@/stores/auth-dialog';
import { ProblemEditorPanel } from '@/features/problems/components/problem-editor-panel';
import { ProblemStatement } from '@/features/problems/components/problem-statement';
import { SplitPanes } from '@/components/split-panes';
import { fallbackLanguages } from '@/features/problems/editor/editor-settings';
import { parseExamples } from '@/lib/problem-examples';
import { judgeStatus } from '@/features/submissions/judge-status';
import {
  getContestProblemDetails,
  getContestProblemStatus,
  type ContestProblemDetail,
} from '@/features/contests/api/contest-problems';
import { checkContestSubmissionsStatus } from '@/features/contests/api/contest-submissions';
import { hidesVerdicts, submitBlock } from '@/features/contests/contest-rules';
import { contestSubmissionPath, contestTabPath } from '@/features/contests/contest-tab-paths';
import type { ContestView } from '@/features/contests/components/use-contest';

type Props = {
  view: ContestView;
  displayId: string;
  /** After each of the viewer's runs here gets its verdict (focus mode refreshes its problem strip). */
  onJudged?: () => void;
  /** Buttons beside the panes' own (the way into focus mode). */
  paneControls?: ReactNode;
};

/**
 * The contest problem page: the public statement and editor with the contest's submit rules (reference §2.4); the
 * problems feature's statement and editor panel with the contests feature's calls and rules, composed here.
 */
export const ContestProblemView = ({ view, displayId, onJudged: onJudgedHere, paneControls }: Props) => {
  const { t } = useTranslation('contests');
  const { cid } = view;
  const [detail, setDetail] = useState<ContestProblemDetail | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [myStatus, setMyStatus] = useState<number>(judgeStatus.notSubmitted);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let isActive = true;
    getContestProblemDetails(cid, displayId)
      .then(async (reply) => {
        if (!isActive) return;
        setDetail(reply);
        const statuses = await getContestProblemStatus(cid, [reply.problem.id], true).catch(() => ({}));
        const mine = (statuses as Record<string, { status: number }>)[reply.problem.id];
        if (isActive) setMyStatus(mine?.status ?? judgeStatus.notSubmitted);
      })
      .catch(() => isActive && setFailed(true));
    return () => {
      isActive = false;
    };
  }, [cid, displayId, version]);
  const needLogin = useCallback(() => {
    showToast('warning', t('errors:guard.loginFirst'));
    openAuthDialog('login');
  }, [t]);
  const onJudged = useCallback(() => {
    setVersion((v) => v + 1);
    onJudgedHere?.();
  }, [onJudgedHere]);
  const checkStatus = useCallback((ids: readonly string[]) => checkContestSubmissionsStatus(cid, ids), [cid]);
  if (hasFailed)
    return (
      <Text ta="center" c="dimmed">
        {t('problem.failed')}
      </Text>
    );
  if (!detail) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  const block = submitBlock(view.contest, view.nowMs, view);
  const examples = parseExamples(detail.problem.examples);
  const languages = detail.languages.length > 0 ? detail.languages : fallbackLanguages;
  const hidesVerdict = hidesVerdicts(view.contest, view.nowMs, view.isAdmin);
  return (
    <SplitPanes
      extraControls={paneControls}
      left={
        <Card withBorder radius="md" padding="md">
          {hidesVerdict && myStatus !== judgeStatus.notSubmitted && (
            <Text size="sm" c="teal" mb="sm">
              {t('submit.alreadySubmitted')}
            </Text>
          )}
          <ProblemStatement
            detail={detail}
            examples={examples}
            contest={{
              displayId,
              submissionsHref: `${contestTabPath(cid, 'submissions')}?problemID=${encodeURIComponent(displayId)}`,
            }}
          />
        </Card>
      }
      right={
        <ProblemEditorPanel
          pid={detail.problem.id}
          problemId={displayId}
          languages={languages}
          templates={detail.codeTemplate ?? {}}
          examples={examples}
          myStatus={myStatus}
          isSignedIn={view.isSignedIn}
          onNeedLogin={needLogin}
          onJudged={onJudged}
          contest={{
            cid,
            blockMessage: block ? t(`submit.block.${block}`) : null,
            hidesVerdict,
            detailHref: (submitId) => contestSubmissionPath(cid, displayId, submitId),
            checkStatus,
          }}
        />
      }
    />
  );
};
