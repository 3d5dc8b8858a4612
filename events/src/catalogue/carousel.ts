import { z } from 'zod';

/**
 * Home carousel images, kept in the `site` stream (admin §5.2, files §6): the bytes live in the blob store,
 * the event carries the hash and the public file name served under /api/public/img/<fileName>.
 */

const instant = z.iso.datetime({ offset: true });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** `<sha256>.<suffix>`: content-addressed, so the same image uploaded twice has one name. */
export const publicImageFileName = z.string().regex(/^[0-9a-f]{64}\.[a-z0-9]{1,8}$/);

export const CarouselImageAdded = z.object({
  type: z.literal('CarouselImageAdded'),
  data: z.object({
    imageId: z.number().int().positive(),
    fileName: publicImageFileName,
    sha256,
    contentType: z.string().min(1),
    addedBy: z.string().min(1),
    addedAt: instant,
  }),
});

export const CarouselImageRemoved = z.object({
  type: z.literal('CarouselImageRemoved'),
  data: z.object({ imageId: z.number().int().positive(), removedBy: z.string().min(1), removedAt: instant }),
});

export const CarouselEvent = z.discriminatedUnion('type', [CarouselImageAdded, CarouselImageRemoved]);
export type CarouselEvent = z.infer<typeof CarouselEvent>;

/**
 * A user uploaded a new avatar (POST /api/file/upload-avatar), in the `user-<uid>` stream. Kept out of the
 * UserEvent union on purpose: account decisions never depend on it, and the users projection parses it alone.
 */
export const UserAvatarChanged = z.object({
  type: z.literal('UserAvatarChanged'),
  data: z.object({
    userId: z.string().min(1),
    fileName: publicImageFileName,
    sha256,
    contentType: z.string().min(1),
    changedAt: instant,
  }),
});
export type UserAvatarChanged = z.infer<typeof UserAvatarChanged>;

/** The URL HOJ's client shows for a public image (files §6). */
export const publicImageUrl = (fileName: string): string => `/api/public/img/${fileName}`;
