import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import { requireOwner, type ContestActor } from './contest-actor';
import type { ContestAnnouncementFacts } from './post-contest-announcement';

/** PUT /api/admin/contest/announcement. */
export const editContestAnnouncement =
  (command: {
    readonly announcementId: number;
    readonly announcement: ContestAnnouncementFacts;
    readonly actor: ContestActor;
    readonly editedAt: string;
  }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest || !state.announcementIds.includes(command.announcementId)) {
      throw new CommandRejected(400, contestMessages.announcementUpdateFailed);
    }
    requireOwner(state, command.actor);
    return [
      {
        type: 'ContestAnnouncementEdited',
        data: {
          contestId: state.contest.contestId,
          announcementId: command.announcementId,
          ...command.announcement,
          editedAt: command.editedAt,
        },
      },
    ];
  };
