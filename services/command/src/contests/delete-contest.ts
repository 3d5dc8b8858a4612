import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import type { ContestActor } from './contest-actor';
import { contestMessages } from './contests.rejections';

/** DELETE /api/admin/contest: root only (the route checks the role); nothing to delete → 400 "删除失败". */
export const deleteContest =
  (command: { readonly actor: ContestActor; readonly deletedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest) throw new CommandRejected(400, contestMessages.deleteFailed);
    return [
      {
        type: 'ContestDeleted',
        data: { contestId: state.contest.contestId, deletedBy: command.actor.userId, deletedAt: command.deletedAt },
      },
    ];
  };
