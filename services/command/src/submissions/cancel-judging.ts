import type { SubmissionEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { submissionMessages } from './submissions.rejections';

export interface CancelJudging {
  readonly adminUsername: string;
  readonly adminUserId: string;
  readonly cancelledAt: string;
  /** Recorded in the event for the audit trail; HOJ's client sends none. */
  readonly reason?: string;
}

/**
 * GET /api/admin/judge/cancel-judge (root), judging.md §1.6: refused once a worker took the attempt; a queued
 * attempt is cancelled and the worker drops it. An already cancelled row may be cancelled again, as in HOJ.
 */
export const cancelJudging =
  (command: CancelJudging) =>
  (state: SubmissionState): SubmissionEvent[] => {
    if (!state.submission) throw new CommandRejected(400, submissionMessages.adminSubmissionMissing);
    const isTaken =
      state.status === 'Compiling' || state.status === 'Judging' || (state.status === 'Pending' && state.judger !== '');
    if (isTaken) throw new CommandRejected(400, submissionMessages.cancelWhileJudging);
    return [
      {
        type: 'SubmissionCancelled',
        data: {
          submissionId: state.submission.submissionId,
          attempt: state.attempt,
          judger: command.adminUsername,
          cancelledBy: command.adminUserId,
          cancelledAt: command.cancelledAt,
          ...(command.reason ? { reason: command.reason } : {}),
        },
      },
    ];
  };
