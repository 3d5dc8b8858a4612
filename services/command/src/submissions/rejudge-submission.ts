import type { JudgeSettings, SubmissionEvent, SubmissionStatus } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { isHeldByContest, type ProblemFacts } from './submit-code';
import { submissionMessages } from './submissions.rejections';

export interface RejudgeSubmission {
  /** The problem's settings as they are now; null when the problem or its test data is gone. */
  readonly judge: JudgeSettings | null;
  readonly requestedBy: string;
  readonly requestedAt: string;
  /** The admin's reason, recorded in the event for the audit trail; the owner's resubmit gives none. */
  readonly reason?: string;
}

function nextAttempt(state: SubmissionState, command: RejudgeSubmission): SubmissionEvent[] {
  if (!state.submission) return [];
  if (!command.judge) throw new CommandRejected(400, submissionMessages.rejudgeFailed);
  return [
    {
      type: 'SubmissionRejudgeRequested',
      data: {
        submissionId: state.submission.submissionId,
        attempt: state.attempt + 1,
        requestedBy: command.requestedBy,
        requestedAt: command.requestedAt,
        judge: command.judge,
        ...(command.reason ? { reason: command.reason } : {}),
      },
    },
  ];
}

/** GET /api/admin/judge/rejudge (root): any status, a new attempt with today's settings (judging.md §1.4). */
export const rejudgeSubmission =
  (command: RejudgeSubmission) =>
  (state: SubmissionState): SubmissionEvent[] => {
    // HOJ answers an unknown id with HTTP 500 [quirk, api-core §9.16]; we say what is wrong.
    if (!state.submission) throw new CommandRejected(404, submissionMessages.submissionMissing);
    return nextAttempt(state, command);
  };

/** HOJ's client offers resubmit only on SF rows; SE is the other "the judge failed, not your code" verdict. */
const resubmittableStatuses: readonly SubmissionStatus[] = ['SF', 'SE'];

export type ResubmitSubmission = RejudgeSubmission & ProblemFacts;

/**
 * GET /api/resubmit (owner): HOJ's way back from SF. Without remote judging it is a rejudge asked for by the
 * owner; local contest submissions are refused as in HOJ (judging.md §1.7). HOJ's backend takes any status
 * [quirk dropped]: a resubmit loop of a slow program would flood the judge queue (security F6); and the
 * problem must still take practice submissions (F4), or an old run would reopen a hidden or held problem.
 */
export const resubmitSubmission =
  (command: ResubmitSubmission) =>
  (state: SubmissionState): SubmissionEvent[] => {
    if (!state.submission) throw new CommandRejected(404, submissionMessages.submissionMissing);
    if (state.submission.userId !== command.requestedBy) {
      throw new CommandRejected(403, submissionMessages.resubmitNotOwner);
    }
    if (state.submission.contestId !== null) throw new CommandRejected(404, submissionMessages.resubmitLocalContest);
    if (!resubmittableStatuses.includes(state.status)) {
      throw new CommandRejected(403, submissionMessages.resubmitNotFailed);
    }
    const { problem } = command;
    if (problem && !command.isProblemAdmin) {
      if (problem.auth === 2) throw new CommandRejected(403, submissionMessages.problemNotSubmittable);
      if (isHeldByContest(problem, command.linkedContests, command.requestedAt)) {
        throw new CommandRejected(403, submissionMessages.contestOnlyProblem);
      }
    }
    return nextAttempt(state, command);
  };
