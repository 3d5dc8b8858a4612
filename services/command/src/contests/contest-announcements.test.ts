import { describe, expect, it } from 'vitest';
import type { ContestEvent } from '@oj/events';
import { aContestCreated } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { contestModel } from './contest.state';
import { contestMessages } from './contests.rejections';
import { postContestAnnouncement } from './post-contest-announcement';
import { editContestAnnouncement } from './edit-contest-announcement';
import { removeContestAnnouncement } from './remove-contest-announcement';

const at = '2026-01-09T10:00:00.000Z';
const owner = { userId: 'owner-uid', username: 'owner', isRoot: false };
const otherAdmin = { userId: 'admin-uid', username: 'admin', isRoot: false };
const root = { userId: 'root-uid', username: 'root', isRoot: true };
const facts = { title: 'Rules', content: 'No talking', visible: true };

const created: ContestEvent = {
  type: 'ContestCreated',
  data: aContestCreated({ contestId: 7, createdBy: 'owner-uid' }),
};
const posted: ContestEvent = {
  type: 'ContestAnnouncementPosted',
  data: { contestId: 7, announcementId: 3, ...facts, authorId: 'owner-uid', authorUsername: 'owner', postedAt: at },
};

describe('postContestAnnouncement', () => {
  it('posts an announcement written by the contest owner', () => {
    given(contestModel, created)
      .when(postContestAnnouncement({ announcementId: 3, announcement: facts, actor: owner, postedAt: at }))
      .then([posted]);
  });

  it('lets root post into any contest', () => {
    const [event] = postContestAnnouncement({ announcementId: 3, announcement: facts, actor: root, postedAt: at })(
      [created].reduce(contestModel.evolve, contestModel.initialState),
    );
    expect(event).toMatchObject({ type: 'ContestAnnouncementPosted', data: { authorId: 'root-uid' } });
  });

  it('F10: an admin who does not own the contest cannot post an announcement into it', () => {
    given(contestModel, created)
      .when(postContestAnnouncement({ announcementId: 3, announcement: facts, actor: otherAdmin, postedAt: at }))
      .thenRejects(403, contestMessages.adminNoPermission);
  });
});

describe('editContestAnnouncement', () => {
  it('F10: an admin who does not own the contest cannot edit its announcement', () => {
    given(contestModel, created, posted)
      .when(editContestAnnouncement({ announcementId: 3, announcement: facts, actor: otherAdmin, editedAt: at }))
      .thenRejects(403, contestMessages.adminNoPermission);
  });

  it('lets the owner edit the announcement', () => {
    given(contestModel, created, posted)
      .when(editContestAnnouncement({ announcementId: 3, announcement: facts, actor: owner, editedAt: at }))
      .then([{ type: 'ContestAnnouncementEdited', data: { contestId: 7, announcementId: 3, ...facts, editedAt: at } }]);
  });
});

describe('removeContestAnnouncement', () => {
  it('F10: an admin who does not own the contest cannot remove its announcement', () => {
    given(contestModel, created, posted)
      .when(removeContestAnnouncement({ announcementId: 3, actor: otherAdmin, removedAt: at }))
      .thenRejects(403, contestMessages.adminNoPermission);
  });

  it('lets root remove the announcement', () => {
    given(contestModel, created, posted)
      .when(removeContestAnnouncement({ announcementId: 3, actor: root, removedAt: at }))
      .then([{ type: 'ContestAnnouncementRemoved', data: { contestId: 7, announcementId: 3, removedAt: at } }]);
  });
});
