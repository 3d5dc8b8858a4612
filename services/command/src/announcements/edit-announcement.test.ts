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
import { editAnnouncement } from './edit-announcement';

const at = '2026-05-01T10:00:00.000Z';
const facts = { title: 'Welcome', content: '# Hello', isVisible: true };

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
