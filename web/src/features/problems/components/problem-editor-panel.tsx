import { lazy, Suspense, useCallback, useState } from 'react';
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { submitProblemJudge } from '@/features/submissions/api/submit-problem-judge';
import type { Submission } from '@/features/submissions/api/submission-schemas';
import { StatusBadge } from '@/features/submissions/components/status-badge';
import { useLiveSubmissions } from '@/features/submissions/components/use-live-submissions';
import { isInProgress, judgeStatus } from '@/features/submissions/judge-status';
import { getLastAcCode } from '../api/get-last-ac-code';
import { editorHeightPx } from '../editor/editor-settings';
import type { Example } from '@/lib/problem-examples';
import { checkCode } from '../problem-limits';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EditorToolbar } from './editor-toolbar';
import { TestRunPanel } from './test-run-panel';
import { useProblemDraft } from './use-problem-draft';
import { ChunkLoadBoundary } from '@/components/chunk-load-boundary';

const CodeEditor = lazy(() => import('../editor/code-editor').then((module) => ({ default: module.CodeEditor })));

type Props = {
  pid: string;
  problemId: string;
  languages: readonly string[];
  templates: Readonly<Record<string, string>>;
  examples: readonly Example[];
  /** The signed-in user's status on this problem (-10 when never submitted). */
  myStatus: number;
  isSignedIn: boolean;
  onNeedLogin: () => void;
  /** A verdict arrived: the page reloads the problem's statistics and the user's status (spec 000 §4). */
  onJudged: () => void;
  /** Inside a contest: the submit rules of the contest page (reference api-contest-training §2.4, §2.10). */
  contest?: ContestSubmitContext;
};

export type ContestSubmitContext = {
  cid: string;
  /** Why submitting is refused right now (already translated), or null. */
  blockMessage: string | null;
  /** OI without real-time permission: 'Submitted successfully' instead of a verdict. */
  hidesVerdict: boolean;
  detailHref: (submitId: string) => string;
  checkStatus: (submitIds: readonly string[]) => Promise<Record<string, Submission>>;
};

/** The right pane of the problem page: Monaco, the test run and submit with its rules (spec 000 §2.4, §4, §5). */
export const ProblemEditorPanel = (props: Props) => {
  const { pid, problemId, languages, templates, examples, myStatus, isSignedIn, onNeedLogin, onJudged, contest } =
    props;
  const { t } = useTranslation('problems');
  const { draft, update, changeLanguage, resetCode } = useProblemDraft(
    contest ? `contest:${contest.cid}:${problemId}` : `none:${problemId}`,
    languages,
    templates,
  );
  const [confirm, setConfirm] = useState<'reset' | 'lastAc' | 'overwrite' | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submission, setSubmission] = useState<Pick<Submission, 'submitId' | 'status'> | null>(null);

  const follow = useCallback(
    (updates: Record<string, Submission>) => {
      setSubmission((current) => {
        const update = current && updates[current.submitId];
        if (!current || !update) return current;
        if (!isInProgress(update.status)) onJudged();
        return { submitId: current.submitId, status: update.status };
      });
    },
    [onJudged],
  );
  useLiveSubmissions(submission ? [submission] : [], follow, contest?.checkStatus);
  const isWaiting = submission !== null && isInProgress(submission.status);

  const askSubmit = () => {
    if (contest?.blockMessage) return showToast('warning', contest.blockMessage);
    // Reference §2.10: a sealed OI problem already submitted asks before the new code replaces the old.
    if (contest?.hidesVerdict && myStatus !== judgeStatus.notSubmitted) return setConfirm('overwrite');
    return void submit();
  };
  const submit = async () => {
    if (!isSignedIn) return onNeedLogin();
    const problem = checkCode(draft.code);
    if (problem) return showToast('warning', t(`submit.${problem}`));
    setSubmitting(true);
    try {
      const request = { pid: problemId, language: draft.language, code: draft.code };
      const reply = await submitProblemJudge(contest ? { ...request, cid: Number(contest.cid) } : request);
      const status = contest?.hidesVerdict ? judgeStatus.submittedUnknown : judgeStatus.pending;
      setSubmission({ submitId: reply.submitId, status });
      showToast('success', t('submit.succeeded'));
    } catch {
      // The API client showed the server's reason.
    } finally {
      setSubmitting(false);
    }
    return undefined;
  };
  const askLastAc = () => {
    if (!isSignedIn) return onNeedLogin();
    // Spec 000 §5: only a problem the user has passed; the notice stays 4 s.
    if (myStatus !== judgeStatus.accepted) {
      notifications.show({ color: 'red', message: t('editor.notPassed'), autoClose: 4000 });
      return undefined;
    }
    setConfirm('lastAc');
    return undefined;
  };
  const fetchLastAc = async () => {
    try {
      const reply = await getLastAcCode(pid);
      update({
        code: reply.code ?? '',
        ...(reply.language && languages.includes(reply.language) ? { language: reply.language } : {}),
      });
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Stack gap="sm">
      <Card withBorder padding="sm" radius="md">
        <EditorToolbar
          draft={draft}
          languages={languages}
          onLanguage={changeLanguage}
          onChange={update}
          onReset={() => setConfirm('reset')}
          onFetchLastAc={askLastAc}
        />
        <ChunkLoadBoundary>
          <Suspense
            fallback={
              <Group h={editorHeightPx} justify="center">
                <Loader />
              </Group>
            }
          >
            <CodeEditor
              value={draft.code}
              language={draft.language}
              theme={draft.theme}
              fontSize={draft.fontSize}
              tabSize={draft.tabSize}
              onChange={(code) => update({ code })}
            />
          </Suspense>
        </ChunkLoadBoundary>
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Group gap="xs" data-testid="submit-status">
            {submission && contest?.hidesVerdict && (
              <Text size="sm" c="teal" data-testid="submitted-hidden">
                {t('contests:submit.submittedHidden')}
              </Text>
            )}
            {submission && !contest?.hidesVerdict && (
              <>
                <StatusBadge status={submission.status} />
                <Anchor
                  component={Link}
                  href={contest ? contest.detailHref(submission.submitId) : paths.submission(submission.submitId)}
                  size="sm"
                >
                  {t('submit.viewDetail', { id: submission.submitId })}
                </Anchor>
              </>
            )}
            {!submission && (
              <Text size="xs" c="dimmed">
                {contest?.blockMessage ?? t('submit.hint')}
              </Text>
            )}
          </Group>
          <Button
            onClick={askSubmit}
            loading={isSubmitting}
            disabled={isSubmitting || isWaiting || !!contest?.blockMessage}
            data-testid="submit-code"
          >
            {isWaiting ? t('submit.waiting') : t('submit.submit')}
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="sm" radius="md">
        <TestRunPanel
          pid={pid}
          language={draft.language}
          code={draft.code}
          examples={examples}
          isSignedIn={isSignedIn}
          onNeedLogin={onNeedLogin}
        />
      </Card>
      <ConfirmDialog
        opened={confirm !== null}
        message={
          confirm === 'overwrite'
            ? t('contests:submit.overwriteConfirm')
            : confirm === 'reset'
              ? t('editor.resetConfirm')
              : t('editor.lastAcConfirm')
        }
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          confirm === 'overwrite' ? void submit() : confirm === 'reset' ? resetCode() : void fetchLastAc()
        }
      />
    </Stack>
  );
};
