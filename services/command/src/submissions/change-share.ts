import type { SubmissionEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { submissionMessages } from './submissions.rejections';

export interface ChangeShare {
  readonly userId: string;
  readonly share: boolean;
  readonly changedAt: string;
}

/** PUT /api/submission: the owner shares or unshares the code of a non-contest submission. */
export const changeShare =
  (command: ChangeShare) =>
  (state: SubmissionState): SubmissionEvent[] => {
    // HOJ answers an unknown id with HTTP 500; we say what is wrong.
    if (!state.submission) throw new CommandRejected(404, submissionMessages.submissionMissing);
    if (state.submission.userId !== command.userId) throw new CommandRejected(403, submissionMessages.shareNotOwner);
    if (state.submission.contestId !== null) throw new CommandRejected(403, submissionMessages.shareContest);
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
