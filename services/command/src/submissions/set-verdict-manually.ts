import type { SubmissionEvent, SubmissionStatus, SubmissionVerdict } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { submissionMessages } from './submissions.rejections';

/** The choices root is offered (spec 000 §5; judging.md §1.5): no CE, CA or in-progress state. */
export const manualVerdicts: readonly SubmissionVerdict[] = ['PE', 'WA', 'AC', 'TLE', 'MLE', 'RE', 'SE', 'PA', 'SF'];

export interface SetVerdictManually {
  /** Null for a HOJ code that names no stored status. */
  readonly status: SubmissionStatus | null;
  readonly score: number | null;
  readonly adminUsername: string;
  readonly adminUserId: string;
  readonly setAt: string;
  /** Recorded in the event for the audit trail; HOJ's client sends none. */
  readonly reason?: string;
}

/** GET /api/admin/judge/manual-judge (root), judging.md §1.5. */
export const setVerdictManually =
  (command: SetVerdictManually) =>
  (state: SubmissionState): SubmissionEvent[] => {
    const { submission, judge } = state;
    if (!submission || !judge) throw new CommandRejected(400, submissionMessages.adminSubmissionMissing);
    if (state.status === 'Pending' || state.status === 'Compiling' || state.status === 'Judging') {
      throw new CommandRejected(400, submissionMessages.manualWhileJudging);
    }
    if (state.status === 'CE') throw new CommandRejected(400, submissionMessages.manualCompileError);
    // HOJ stores any integer [quirk, api-core §9.16]; a code outside the offered choices would corrupt counters.
    const status = manualVerdicts.find((verdict) => verdict === command.status);
    if (!status) throw new CommandRejected(400, submissionMessages.manualStatusInvalid);
    const isScored = command.score !== null && judge.problemType === 'OI' && judge.ioScore > 0;
    const score = isScored ? Math.min(Math.max(command.score ?? 0, 0), judge.ioScore) : state.score;
    // HOJ's manual formula, not the proportional one of judging.md §4.4 [quirk, §1.5], kept for rank parity.
    const oiRankScore = isScored ? Math.round(2 * judge.difficulty + 0.1 * (score ?? 0)) : state.oiRankScore;
    return [
      {
        type: 'SubmissionVerdictSetManually',
        data: {
          submissionId: submission.submissionId,
          attempt: state.attempt,
          status,
          score,
          oiRankScore,
          judger: command.adminUsername,
          setBy: command.adminUserId,
          setAt: command.setAt,
          ...(command.reason ? { reason: command.reason } : {}),
        },
      },
    ];
  };
