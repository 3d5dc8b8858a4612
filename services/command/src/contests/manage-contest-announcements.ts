import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';

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
    readonly authorId: string;
    readonly authorUsername: string;
    readonly postedAt: string;
  }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest) throw new CommandRejected(400, contestMessages.addFailed);
    return [
      {
        type: 'ContestAnnouncementPosted',
        data: {
          contestId: state.contest.contestId,
          announcementId: command.announcementId,
          ...command.announcement,
          authorId: command.authorId,
          authorUsername: command.authorUsername,
          postedAt: command.postedAt,
        },
      },
    ];
  };

/** PUT /api/admin/contest/announcement. */
export const editContestAnnouncement =
  (command: {
    readonly announcementId: number;
    readonly announcement: ContestAnnouncementFacts;
    readonly editedAt: string;
  }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest || !state.announcementIds.includes(command.announcementId)) {
      throw new CommandRejected(400, contestMessages.announcementUpdateFailed);
    }
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

/** DELETE /api/admin/contest/announcement. */
export const removeContestAnnouncement =
  (command: { readonly announcementId: number; readonly removedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest || !state.announcementIds.includes(command.announcementId)) {
      throw new CommandRejected(400, contestMessages.announcementDeleteFailed);
    }
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
