import { describe, it } from 'vitest';
import { anAnnouncementDeleted, anAnnouncementPublished } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { announcementMessages } from './announcements.rejections';
import { announcementsModel } from './announcements.state';
import { deleteAnnouncement } from './delete-announcement';

const at = '2026-05-01T10:00:00.000Z';

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
