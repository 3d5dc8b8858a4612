import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import { isOwner, type ContestActor } from './contest-actor';

/** PUT /api/admin/contest/change-contest-visible: root or the creator (HOJ trusts a uid parameter [quirk 20]). */
export const changeContestVisibility =
  (command: { readonly visible: boolean; readonly actor: ContestActor; readonly changedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    if (!contest) throw new CommandRejected(400, contestMessages.updateFailed);
    if (!isOwner(state, command.actor)) throw new CommandRejected(403, contestMessages.adminNoPermission);
    if (contest.visible === command.visible) return [];
    return [
      {
        type: 'ContestVisibilityChanged',
        data: {
          contestId: contest.contestId,
          visible: command.visible,
          changedBy: command.actor.userId,
          changedAt: command.changedAt,
        },
      },
    ];
  };
