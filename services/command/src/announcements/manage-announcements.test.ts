import { describe, it } from 'vitest';
import {
  anAnnouncementDeleted,
  anAnnouncementEdited,
  anAnnouncementPublished,
  anAnnouncementVisibilityChanged,
} from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { announcementMessages } from './announcements.rejections';
import { announcementsModel } from './announcements.state';
import { deleteAnnouncement, editAnnouncement, publishAnnouncement } from './manage-announcements';

const at = '2026-05-01T10:00:00.000Z';
const facts = { title: 'Welcome', content: '# Hello', isVisible: true };

describe('publishAnnouncement', () => {
  it('hands out the id after the highest one ever used, even when that one was deleted', () => {
    given(
      announcementsModel,
      anAnnouncementPublished({ announcementId: 1 }),
      anAnnouncementPublished({ announcementId: 2 }),
      anAnnouncementDeleted({ announcementId: 2 }),
    )
      .when(publishAnnouncement({ announcement: facts, authorId: 'root-uid', publishedAt: at }))
      .then([
        {
          type: 'AnnouncementPublished',
          data: { announcementId: 3, ...facts, authorId: 'root-uid', publishedAt: at },
        },
      ]);
  });
});

describe('editAnnouncement', () => {
  const published = anAnnouncementPublished({ announcementId: 1, ...facts });

  it('records a new title and a hidden status as two facts', () => {
    given(announcementsModel, published)
      .when(
        editAnnouncement({
          announcementId: 1,
          announcement: { ...facts, title: 'New', isVisible: false },
          editedBy: 'root-uid',
          editedAt: at,
        }),
      )
      .then([
        anAnnouncementEdited({ announcementId: 1, title: 'New', content: facts.content, editedAt: at }),
        anAnnouncementVisibilityChanged({ announcementId: 1, isVisible: false, changedAt: at }),
      ]);
  });

  it('writes nothing when the announcement is saved unchanged', () => {
    given(announcementsModel, published)
      .when(editAnnouncement({ announcementId: 1, announcement: facts, editedBy: 'root-uid', editedAt: at }))
      .then([]);
  });

  it('rejects an edit of a deleted announcement', () => {
    given(announcementsModel, published, anAnnouncementDeleted({ announcementId: 1 }))
      .when(editAnnouncement({ announcementId: 1, announcement: facts, editedBy: 'root-uid', editedAt: at }))
      .thenRejects(400, announcementMessages.updateFailed);
  });
});

describe('deleteAnnouncement', () => {
  it('deletes an existing announcement', () => {
    given(announcementsModel, anAnnouncementPublished({ announcementId: 4 }))
      .when(deleteAnnouncement({ announcementId: 4, deletedBy: 'root-uid', deletedAt: at }))
      .then([anAnnouncementDeleted({ announcementId: 4, deletedAt: at })]);
  });

  it('rejects an unknown id', () => {
    given(announcementsModel)
      .when(deleteAnnouncement({ announcementId: 9, deletedBy: 'root-uid', deletedAt: at }))
      .thenRejects(404, announcementMessages.deleteFailed);
  });
});
