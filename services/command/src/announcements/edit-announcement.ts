import type { AnnouncementEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { announcementMessages } from './announcements.rejections';
import type { AnnouncementFacts, AnnouncementsState } from './announcements.state';

export interface EditAnnouncement {
  readonly announcementId: number;
  readonly announcement: AnnouncementFacts;
  readonly editedBy: string;
  readonly editedAt: string;
}

/** Writes only what changed: the text, the visibility, both, or nothing. */
export const editAnnouncement =
  (command: EditAnnouncement) =>
  (state: AnnouncementsState): AnnouncementEvent[] => {
    const current = state.announcements[command.announcementId];
    if (!current) throw new CommandRejected(400, announcementMessages.updateFailed);
    const { announcementId, announcement, editedBy, editedAt } = command;
    const events: AnnouncementEvent[] = [];
    if (current.title !== announcement.title || current.content !== announcement.content) {
      const { title, content } = announcement;
      events.push({ type: 'AnnouncementEdited', data: { announcementId, title, content, editedBy, editedAt } });
    }
    if (current.isVisible !== announcement.isVisible) {
      events.push({
        type: 'AnnouncementVisibilityChanged',
        data: { announcementId, isVisible: announcement.isVisible, changedBy: editedBy, changedAt: editedAt },
      });
    }
    return events;
  };
