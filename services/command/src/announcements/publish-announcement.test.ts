import { describe, it } from 'vitest';
import { anAnnouncementDeleted, anAnnouncementPublished } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { announcementsModel } from './announcements.state';
import { publishAnnouncement } from './publish-announcement';

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
