import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import { isOwner, type ContestActor } from './manage-contest';

export interface ContestAnnouncementFacts {
  readonly title: string;
  readonly content: string;
  readonly visible: boolean;
}

/**
 * Only root and the contest's creator may post, edit or remove its announcements: HOJ lets any admin role do it
 * (§1.3, quirk 20), which let an admin post fake rules into someone else's running contest (issue 10, F10).
 */
function requireOwner(state: ContestState, actor: ContestActor): void {
  if (!isOwner(state, actor)) throw new CommandRejected(403, contestMessages.adminNoPermission);
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
