import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';

/**
 * Site announcements, kept in the `site` stream (admin §5.5): published, edited, shown or hidden, deleted.
 * Ids are numbers as HOJ's; the site stream's decider hands out the next one, so they never clash.
 */

const instant = z.iso.datetime({ offset: true });
const announcementId = z.number().int().positive();

export const announcementPublishedSchema = z.object({
  announcementId,
  title: z.string(),
  /** Markdown, rendered with sanitisation by the browser. */
  content: z.string(),
  /** HOJ's status 0 (shown) or 1 (hidden). */
  isVisible: z.boolean(),
  authorId: z.string().min(1),
  publishedAt: instant,
});

export const announcementEditedSchema = z.object({
  announcementId,
  title: z.string(),
  content: z.string(),
  editedBy: z.string().min(1),
  editedAt: instant,
});

export const announcementVisibilityChangedSchema = z.object({
  announcementId,
  isVisible: z.boolean(),
  changedBy: z.string().min(1),
  changedAt: instant,
});

export const announcementDeletedSchema = z.object({ announcementId, deletedBy: z.string().min(1), deletedAt: instant });

export const announcementEvents = defineStreamEvents({
  AnnouncementPublished: announcementPublishedSchema,
  AnnouncementEdited: announcementEditedSchema,
  AnnouncementVisibilityChanged: announcementVisibilityChangedSchema,
  AnnouncementDeleted: announcementDeletedSchema,
});
export const announcementEventSchemas = announcementEvents.schemas;
export type AnnouncementEvent = StreamEventOf<typeof announcementEventSchemas>;

export const announcementEventTypes = announcementEvents.types;
