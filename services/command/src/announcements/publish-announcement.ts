import type { AnnouncementEvent } from '@oj/events';
import type { AnnouncementFacts, AnnouncementsState } from './announcements.state';

export interface PublishAnnouncement {
  readonly announcement: AnnouncementFacts;
  readonly authorId: string;
  readonly publishedAt: string;
}

export const publishAnnouncement =
  (command: PublishAnnouncement) =>
  (state: AnnouncementsState): AnnouncementEvent[] => [
    {
      type: 'AnnouncementPublished',
      data: {
        announcementId: state.lastId + 1,
        ...command.announcement,
        authorId: command.authorId,
        publishedAt: command.publishedAt,
      },
    },
  ];
