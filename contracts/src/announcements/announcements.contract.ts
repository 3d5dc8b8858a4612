import { z } from 'zod';
import { idParam, int4Max, isStorableText, textMax } from '../input/bounded-input.contract';

/** HOJ's status: 0 shown, 1 hidden (admin §4.3); absent means shown. */
const status = z
  .union([z.literal(0), z.literal(1)])
  .nullish()
  .transform((value) => value ?? 0);

/**
 * POST /api/admin/announcement: HOJ's Announcement entity. The author is the caller, not the body's `uid`
 * (HOJ saves the body as sent; we don't let a client name another author).
 */
export const publishAnnouncementBody = z.object({
  title: z
    .string({ error: 'announcements.titleRequired' })
    .max(textMax.line, { abort: true, error: 'announcements.titleTooLong' })
    .refine(isStorableText)
    .trim()
    .min(1, 'announcements.titleRequired')
    .max(255, 'announcements.titleTooLong'),
  content: z
    .string()
    .max(65535, { abort: true, error: 'announcements.contentTooLong' })
    .refine(isStorableText)
    .nullish()
    .transform((value) => value ?? ''),
  status,
});
export type PublishAnnouncementBody = z.infer<typeof publishAnnouncementBody>;

/** PUT /api/admin/announcement: the whole announcement by id (the visibility toggle is this call too). */
export const editAnnouncementBody = publishAnnouncementBody.extend({
  id: z.number({ error: 'announcements.idRequired' }).int().positive().max(int4Max),
});

/** DELETE /api/admin/announcement?aid= */
export const deleteAnnouncementQuery = z.object({ aid: idParam });
