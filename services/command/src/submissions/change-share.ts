import type { SubmissionEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { submissionMessages } from './submissions.rejections';

export interface ChangeShare {
  readonly userId: string;
  readonly share: boolean;
  /** The submission's problem as the bank has it now; null when it is gone or the submission unknown. */
  readonly problem: { readonly auth: number; readonly codeShare: boolean } | null;
  readonly changedAt: string;
}

/**
 * Only sharing is checked against the problem, so an owner can always take code back down. HOJ checks neither
 * visibility nor codeShare here [quirk 15 dropped, api-core §9]: a shared row is readable anonymously, so
 * hidden and contest-only code, or code of a problem that forbids sharing, would leak (security F4, F20).
 */
function refuseSharing(problem: ChangeShare['problem']): void {
  if (!problem || problem.auth === 2 || problem.auth === 3) {
    throw new CommandRejected(403, submissionMessages.shareHiddenProblem);
  }
  if (!problem.codeShare) throw new CommandRejected(403, submissionMessages.shareNotAllowed);
}

/** PUT /api/submission: the owner shares or unshares the code of a non-contest submission. */
export const changeShare =
  (command: ChangeShare) =>
  (state: SubmissionState): SubmissionEvent[] => {
    // HOJ answers an unknown id with HTTP 500; we say what is wrong.
    if (!state.submission) throw new CommandRejected(404, submissionMessages.submissionMissing);
    if (state.submission.userId !== command.userId) throw new CommandRejected(403, submissionMessages.shareNotOwner);
    if (state.submission.contestId !== null) throw new CommandRejected(403, submissionMessages.shareContest);
    if (command.share) refuseSharing(command.problem);
    if (state.share === command.share) return [];
    return [
      {
        type: 'SubmissionShareChanged',
        data: {
          submissionId: state.submission.submissionId,
          share: command.share,
          changedBy: command.userId,
          changedAt: command.changedAt,
        },
      },
    ];
  };
