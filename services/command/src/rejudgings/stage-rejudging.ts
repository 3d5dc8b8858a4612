import {
  auditReasonMaxLength,
  rejudgingMaxSubmissions,
  type JudgeSettings,
  type RejudgingEvent,
  type RejudgingFilters,
  type RejudgingItem,
} from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { RejudgingState } from './rejudging.state';
import { rejudgingMessages } from './rejudgings.rejections';

export interface StageRejudging {
  readonly rejudgingId: string;
  readonly filters: RejudgingFilters;
  /** The selected submissions with their live verdicts (the route reads them; only final ones). */
  readonly items: readonly RejudgingItem[];
  /** Problem id → the problem's judge settings as they are now; a missing problem or test data has none. */
  readonly settings: ReadonlyMap<number, JudgeSettings>;
  readonly reason: string;
  readonly stagedBy: string;
  readonly stagedAt: string;
}

/** POST /api/admin/rejudgings: stage a rejudge of the selected submissions (nothing live moves). */
export const stageRejudging =
  (command: StageRejudging) =>
  (state: RejudgingState): RejudgingEvent[] => {
    if (state.staged) throw new CommandRejected(400, rejudgingMessages.alreadyStaged);
    const reason = command.reason.trim();
    if (reason.length === 0 || reason.length > auditReasonMaxLength) {
      throw new CommandRejected(400, rejudgingMessages.reasonRequired);
    }
    if (command.items.length === 0) throw new CommandRejected(400, rejudgingMessages.nothingSelected);
    if (command.items.length > rejudgingMaxSubmissions) {
      throw new CommandRejected(400, rejudgingMessages.tooMany, { max: rejudgingMaxSubmissions });
    }
    const settings: Record<string, JudgeSettings> = {};
    for (const item of command.items) {
      const judge = command.settings.get(item.problemId);
      if (!judge) throw new CommandRejected(400, rejudgingMessages.problemGone, { submitId: item.submissionId });
      settings[String(item.problemId)] = judge;
    }
    return [
      {
        type: 'RejudgingStaged',
        data: {
          rejudgingId: command.rejudgingId,
          filters: command.filters,
          reason,
          stagedBy: command.stagedBy,
          stagedAt: command.stagedAt,
          items: [...command.items],
          settings,
        },
      },
    ];
  };
