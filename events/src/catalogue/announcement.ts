import { z } from 'zod';

/**
 * Site announcements, kept in the `site` stream (admin §5.5): published, edited, shown or hidden, deleted.
 * Ids are numbers as HOJ's; the site stream's decider hands out the next one, so they never clash.
 */

const instant = z.iso.datetime({ offset: true });
const announcementId = z.number().int().positive();

export const AnnouncementPublished = z.object({
  type: z.literal('AnnouncementPublished'),
  data: z.object({
    announcementId,
    title: z.string(),
    /** Markdown, rendered with sanitisation by the browser. */
    content: z.string(),
    /** HOJ's status 0 (shown) or 1 (hidden). */
    isVisible: z.boolean(),
    authorId: z.string().min(1),
    publishedAt: instant,
  }),
});

export const AnnouncementEdited = z.object({
  type: z.literal('AnnouncementEdited'),
  data: z.object({
    announcementId,
    title: z.string(),
    content: z.string(),
    editedBy: z.string().min(1),
    editedAt: instant,
  }),
});

export const AnnouncementVisibilityChanged = z.object({
  type: z.literal('AnnouncementVisibilityChanged'),
  data: z.object({ announcementId, isVisible: z.boolean(), changedBy: z.string().min(1), changedAt: instant }),
});

export const AnnouncementDeleted = z.object({
  type: z.literal('AnnouncementDeleted'),
  data: z.object({ announcementId, deletedBy: z.string().min(1), deletedAt: instant }),
});

export const AnnouncementEvent = z.discriminatedUnion('type', [
  AnnouncementPublished,
  AnnouncementEdited,
  AnnouncementVisibilityChanged,
  AnnouncementDeleted,
]);
export type AnnouncementEvent = z.infer<typeof AnnouncementEvent>;

export const announcementEventTypes: readonly AnnouncementEvent['type'][] = AnnouncementEvent.options.map(
  (option) => option.shape.type.value,
);
