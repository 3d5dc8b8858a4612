import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import { requireOwner, type ContestActor } from './contest-actor';

/** DELETE /api/admin/contest/announcement. */
export const removeContestAnnouncement =
  (command: { readonly announcementId: number; readonly actor: ContestActor; readonly removedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest || !state.announcementIds.includes(command.announcementId)) {
      throw new CommandRejected(400, contestMessages.announcementDeleteFailed);
    }
    requireOwner(state, command.actor);
    return [
      {
        type: 'ContestAnnouncementRemoved',
        data: {
          contestId: state.contest.contestId,
          announcementId: command.announcementId,
          removedAt: command.removedAt,
        },
      },
    ];
  };
