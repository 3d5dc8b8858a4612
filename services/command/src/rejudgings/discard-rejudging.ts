import type { RejudgingEvent } from '@oj/events';
import type { RejudgingState } from './rejudging.state';
import { refuseEnded } from './apply-rejudging';

export interface DiscardRejudging {
  readonly discardedBy: string;
  readonly discardedAt: string;
  readonly reason?: string;
}

/** POST /api/admin/rejudgings/discard: the staged results are dropped; a judge still holding one finds it ended. */
export const discardRejudging =
  (command: DiscardRejudging) =>
  (state: RejudgingState): RejudgingEvent[] => {
    refuseEnded(state);
    if (!state.staged) return [];
    return [
      {
        type: 'RejudgingDiscarded',
        data: {
          rejudgingId: state.staged.rejudgingId,
          discardedBy: command.discardedBy,
          discardedAt: command.discardedAt,
          ...(command.reason ? { reason: command.reason } : {}),
        },
      },
    ];
  };
