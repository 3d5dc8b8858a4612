import fc from 'fast-check';
import { submissionStream, type SubmissionVerdict } from '@oj/events';
import {
  aCaseJudged,
  aJudgeStarted,
  aSubmissionCancelled,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionJudgingFailed,
  aSubmissionRejudgeRequested,
  aSubmissionShareChanged,
  aSubmissionVerdictSetManually,
} from '@oj/events/testing';
import type { TestEvent } from '../../runner/testing';

type Step =
  | { readonly kind: 'judge'; readonly verdict: SubmissionVerdict }
  | { readonly kind: 'fail' | 'rejudge' | 'cancel' | 'share' }
  | { readonly kind: 'manual'; readonly verdict: SubmissionVerdict };

/** One submission as a test describes it, and what a reader must see after its events (the reference model). */
export interface ModelSubmission {
  readonly submissionId: number;
  readonly problemId: number;
  readonly userId: string;
  readonly groupId: number | null;
  readonly contestId: number | null;
  readonly status: string;
  readonly share: boolean;
}

export interface SubmissionHistory {
  readonly events: readonly TestEvent[];
  readonly submissions: readonly ModelSubmission[];
}

const verdicts: SubmissionVerdict[] = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'PE', 'CE', 'SE', 'PA'];
const manualVerdicts: SubmissionVerdict[] = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'PE', 'SE', 'PA', 'SF'];

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('judge' as const), verdict: fc.constantFrom(...verdicts) }),
  fc.record({ kind: fc.constant('manual' as const), verdict: fc.constantFrom(...manualVerdicts) }),
  fc.record({ kind: fc.constantFrom('fail' as const, 'rejudge' as const, 'cancel' as const, 'share' as const) }),
);

/**
 * The events the real system would write for these steps, and the status in plain words: the judge finishes an
 * open attempt; a rejudge opens the next one; root's manual verdict (not on an open attempt or a CE) and cancel
 * (not once a worker started) end the current one. Steps the command side would refuse write nothing.
 */
function eventsOf(submission: Omit<ModelSubmission, 'status' | 'share'>, steps: readonly Step[]) {
  const { submissionId } = submission;
  const stream = submissionStream(submissionId);
  const events: TestEvent[] = [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({
        ...submission,
        username: submission.userId,
        problemDisplayId: `P${submission.problemId}`,
      }),
    },
  ];
  const push = (type: string, data: unknown) => events.push({ stream, type, data });
  let attempt = 0;
  let status = 'Pending';
  let share = false;
  for (const next of steps) {
    const isOpen = status === 'Pending';
    if (next.kind === 'judge' && isOpen) {
      push('JudgeStarted', aJudgeStarted({ submissionId, attempt }));
      push('CaseJudged', aCaseJudged({ submissionId, attempt, status: next.verdict === 'CE' ? 'WA' : next.verdict }));
      push('SubmissionJudged', aSubmissionJudged({ submissionId, attempt, status: next.verdict }));
      status = next.verdict;
    } else if (next.kind === 'fail' && isOpen) {
      push('SubmissionJudgingFailed', aSubmissionJudgingFailed({ submissionId, attempt }));
      status = 'SE';
    } else if (next.kind === 'rejudge') {
      attempt += 1;
      push('SubmissionRejudgeRequested', aSubmissionRejudgeRequested({ submissionId, attempt }));
      status = 'Pending';
    } else if (next.kind === 'manual' && !isOpen && status !== 'CE') {
      push(
        'SubmissionVerdictSetManually',
        aSubmissionVerdictSetManually({ submissionId, attempt, status: next.verdict }),
      );
      status = next.verdict;
    } else if (next.kind === 'cancel') {
      push('SubmissionCancelled', aSubmissionCancelled({ submissionId, attempt }));
      status = 'CA';
    } else if (next.kind === 'share') {
      share = !share;
      push('SubmissionShareChanged', aSubmissionShareChanged({ submissionId, share }));
    }
  }
  return { events, model: { ...submission, status, share } };
}

/** Interleaves per-stream event lists, keeping each stream's order, by a list of picks. */
function interleave(lists: TestEvent[][], picks: readonly number[]): TestEvent[] {
  const queues = lists.map((list) => [...list]);
  const merged: TestEvent[] = [];
  let pick = 0;
  while (queues.some((queue) => queue.length > 0)) {
    const open = queues.filter((queue) => queue.length > 0);
    const queue = open[(picks[pick++ % Math.max(1, picks.length)] ?? 0) % open.length];
    const event = queue?.shift();
    if (event) merged.push(event);
  }
  return merged;
}

export const submissionHistories: fc.Arbitrary<SubmissionHistory> = fc
  .record({
    submissions: fc.array(
      fc.record({
        problemId: fc.integer({ min: 1, max: 2 }),
        user: fc.constantFrom('u1', 'u2'),
        bank: fc.constantFrom('public', 'public', 'group', 'contest'),
        steps: fc.array(step, { maxLength: 6 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
  })
  .map(({ submissions, picks }) => {
    const built = submissions.map((submission, index) =>
      eventsOf(
        {
          submissionId: 1000 + index,
          problemId: submission.problemId,
          userId: submission.user,
          groupId: submission.bank === 'group' ? 5 : null,
          contestId: submission.bank === 'contest' ? 7 : null,
        },
        submission.steps,
      ),
    );
    return {
      events: interleave(
        built.map((one) => one.events),
        picks,
      ),
      submissions: built.map((one) => one.model),
    };
  });
