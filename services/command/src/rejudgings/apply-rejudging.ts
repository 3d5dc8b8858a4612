import type { AppliedResult, RejudgingEvent, SubmissionStatus } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { RejudgingState } from './rejudging.state';
import { rejudgingMessages } from './rejudgings.rejections';

/** A staged submission as the live read model holds it when the admin applies. */
export interface LiveSubmission {
  readonly attempt: number;
  readonly status: SubmissionStatus;
}

export interface ApplyRejudging {
  /** Submission id → its live attempt and status now; a submission gone from the read model is absent. */
  readonly live: ReadonlyMap<number, LiveSubmission>;
  readonly appliedBy: string;
  readonly appliedAt: string;
  readonly reason?: string;
}

/** An ended rejudging refuses both apply and discard, with the message of how it ended. */
export function refuseEnded(state: RejudgingState): void {
  if (!state.staged) throw new CommandRejected(404, rejudgingMessages.missing);
  if (state.ended === 'applied') throw new CommandRejected(400, rejudgingMessages.alreadyApplied);
  if (state.ended === 'discarded') throw new CommandRejected(400, rejudgingMessages.alreadyDiscarded);
}

/**
 * POST /api/admin/rejudgings/apply: one RejudgingApplied moves every staged verdict live at once. A submission
 * that changed after staging (another rejudge, a manual verdict, a cancel: its live attempt or status is not
 * what was staged) keeps its newer verdict and is listed as skipped (DOMjudge refuses the whole apply instead;
 * here the rest still applies, and the diff shows which ones were skipped).
 */
export const applyRejudging =
  (command: ApplyRejudging) =>
  (state: RejudgingState): RejudgingEvent[] => {
    refuseEnded(state);
    const staged = state.staged;
    if (!staged) return [];
    if (state.judged.size < staged.items.length) {
      throw new CommandRejected(400, rejudgingMessages.stillJudging, {
        judged: state.judged.size,
        total: staged.items.length,
      });
    }
    const results: AppliedResult[] = [];
    const skipped: number[] = [];
    for (const item of staged.items) {
      const live = command.live.get(item.submissionId);
      const result = state.judged.get(item.submissionId);
      const settings = staged.settings[String(item.problemId)];
      if (!live || !result || !settings || live.attempt !== item.attempt || live.status !== item.status) {
        skipped.push(item.submissionId);
        continue;
      }
      results.push({
        ...result,
        attempt: item.attempt,
        testDataVersion: settings.testDataVersion,
        stagedFrom: item.status,
      });
    }
    const contestIds = [...new Set(staged.items.flatMap((item) => (item.contestId === null ? [] : [item.contestId])))];
    return [
      {
        type: 'RejudgingApplied',
        data: {
          rejudgingId: staged.rejudgingId,
          contestIds,
          results,
          skipped,
          appliedBy: command.appliedBy,
          appliedAt: command.appliedAt,
          ...(command.reason ? { reason: command.reason } : {}),
        },
      },
    ];
  };
