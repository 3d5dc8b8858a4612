import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';

/**
 * Home carousel images, kept in the `site` stream (admin §5.2, files §6): the bytes live in the blob store,
 * the event carries the hash and the public file name served under /api/public/img/<fileName>.
 */

const instant = z.iso.datetime({ offset: true });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** `<sha256>.<suffix>`: content-addressed, so the same image uploaded twice has one name. */
export const publicImageFileName = z.string().regex(/^[0-9a-f]{64}\.[a-z0-9]{1,8}$/);

export const carouselImageAddedSchema = z.object({
  imageId: z.number().int().positive(),
  fileName: publicImageFileName,
  sha256,
  contentType: z.string().min(1),
  addedBy: z.string().min(1),
  addedAt: instant,
});

export const carouselImageRemovedSchema = z.object({
  imageId: z.number().int().positive(),
  removedBy: z.string().min(1),
  removedAt: instant,
});

export const carouselEvents = defineStreamEvents({
  CarouselImageAdded: carouselImageAddedSchema,
  CarouselImageRemoved: carouselImageRemovedSchema,
});
export const carouselEventSchemas = carouselEvents.schemas;
export type CarouselEvent = StreamEventOf<typeof carouselEventSchemas>;

/**
 * A user uploaded a new avatar (POST /api/file/upload-avatar), in the `user-<uid>` stream. Kept out of the
 * UserEvent union on purpose: account decisions never depend on it, and the users projection parses it alone.
 */
export const userAvatarChangedSchema = z.object({
  userId: z.string().min(1),
  fileName: publicImageFileName,
  sha256,
  contentType: z.string().min(1),
  changedAt: instant,
});
export const userAvatarEvents = defineStreamEvents({ UserAvatarChanged: userAvatarChangedSchema });
export const userAvatarEventSchemas = userAvatarEvents.schemas;
export type UserAvatarChanged = StreamEventOf<typeof userAvatarEventSchemas>;

/** The URL HOJ's client shows for a public image (files §6). */
export const publicImageUrl = (fileName: string): string => `/api/public/img/${fileName}`;
