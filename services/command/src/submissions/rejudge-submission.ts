import type { JudgeSettings, SubmissionEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { submissionMessages } from './submissions.rejections';

export interface RejudgeSubmission {
  /** The problem's settings as they are now; null when the problem or its test data is gone. */
  readonly judge: JudgeSettings | null;
  readonly requestedBy: string;
  readonly requestedAt: string;
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

/**
 * GET /api/resubmit (owner): HOJ's way back from SF. Without remote judging it is a rejudge asked for by the
 * owner; local contest submissions are refused as in HOJ (judging.md §1.7).
 */
export const resubmitSubmission =
  (command: RejudgeSubmission) =>
  (state: SubmissionState): SubmissionEvent[] => {
    if (!state.submission) throw new CommandRejected(404, submissionMessages.submissionMissing);
    if (state.submission.userId !== command.requestedBy) {
      throw new CommandRejected(403, submissionMessages.resubmitNotOwner);
    }
    if (state.submission.contestId !== null) throw new CommandRejected(404, submissionMessages.resubmitLocalContest);
    return nextAttempt(state, command);
  };
