import type { AnnouncementEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { announcementMessages } from './announcements.rejections';
import type { AnnouncementsState } from './announcements.state';

export interface DeleteAnnouncement {
  readonly announcementId: number;
  readonly deletedBy: string;
  readonly deletedAt: string;
}

export const deleteAnnouncement =
  (command: DeleteAnnouncement) =>
  (state: AnnouncementsState): AnnouncementEvent[] => {
    if (!state.announcements[command.announcementId]) {
      throw new CommandRejected(404, announcementMessages.deleteFailed);
    }
    return [{ type: 'AnnouncementDeleted', data: { ...command } }];
  };
