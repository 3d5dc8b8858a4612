import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import { requireOwner, type ContestActor } from './contest-actor';

export interface ContestAnnouncementFacts {
  readonly title: string;
  readonly content: string;
  readonly visible: boolean;
}

/** POST /api/admin/contest/announcement (§1.3). */
export const postContestAnnouncement =
  (command: {
    readonly announcementId: number;
    readonly announcement: ContestAnnouncementFacts;
    readonly actor: ContestActor;
    readonly postedAt: string;
  }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest) throw new CommandRejected(400, contestMessages.addFailed);
    requireOwner(state, command.actor);
    return [
      {
        type: 'ContestAnnouncementPosted',
        data: {
          contestId: state.contest.contestId,
          announcementId: command.announcementId,
          ...command.announcement,
          authorId: command.actor.userId,
          authorUsername: command.actor.username,
          postedAt: command.postedAt,
        },
      },
    ];
  };
