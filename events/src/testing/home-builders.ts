import type { z } from 'zod';
import type { StreamEventOf } from '../catalogue/define-stream-events';
import type {
  announcementDeletedSchema,
  announcementEditedSchema,
  announcementPublishedSchema,
  announcementVisibilityChangedSchema,
} from '../catalogue/announcement';
import type {
  carouselImageAddedSchema,
  carouselImageRemovedSchema,
  userAvatarChangedSchema,
} from '../catalogue/carousel';

const at = '2026-01-02T03:04:05.000Z';
/** A well-formed hash for builders that don't care about the bytes. */
const someSha256 = '1c1b1e2d8e8e6e3c0b0e7b5c5a2f4d3e9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d';

export const anAnnouncementPublished = (
  data: Partial<z.infer<typeof announcementPublishedSchema>> = {},
): StreamEventOf<{ AnnouncementPublished: typeof announcementPublishedSchema }> => ({
  type: 'AnnouncementPublished',
  data: {
    announcementId: 1,
    title: 'Welcome',
    content: '# Hello',
    isVisible: true,
    authorId: 'root-uid',
    publishedAt: at,
    ...data,
  },
});

export const anAnnouncementEdited = (
  data: Partial<z.infer<typeof announcementEditedSchema>> = {},
): StreamEventOf<{ AnnouncementEdited: typeof announcementEditedSchema }> => ({
  type: 'AnnouncementEdited',
  data: { announcementId: 1, title: 'Welcome again', content: 'edited', editedBy: 'root-uid', editedAt: at, ...data },
});

export const anAnnouncementVisibilityChanged = (
  data: Partial<z.infer<typeof announcementVisibilityChangedSchema>> = {},
): StreamEventOf<{ AnnouncementVisibilityChanged: typeof announcementVisibilityChangedSchema }> => ({
  type: 'AnnouncementVisibilityChanged',
  data: { announcementId: 1, isVisible: false, changedBy: 'root-uid', changedAt: at, ...data },
});

export const anAnnouncementDeleted = (
  data: Partial<z.infer<typeof announcementDeletedSchema>> = {},
): StreamEventOf<{ AnnouncementDeleted: typeof announcementDeletedSchema }> => ({
  type: 'AnnouncementDeleted',
  data: { announcementId: 1, deletedBy: 'root-uid', deletedAt: at, ...data },
});

export const aCarouselImageAdded = (
  data: Partial<z.infer<typeof carouselImageAddedSchema>> = {},
): StreamEventOf<{ CarouselImageAdded: typeof carouselImageAddedSchema }> => ({
  type: 'CarouselImageAdded',
  data: {
    imageId: 1,
    fileName: `${someSha256}.png`,
    sha256: someSha256,
    contentType: 'image/png',
    addedBy: 'root-uid',
    addedAt: at,
    ...data,
  },
});

export const aCarouselImageRemoved = (
  data: Partial<z.infer<typeof carouselImageRemovedSchema>> = {},
): StreamEventOf<{ CarouselImageRemoved: typeof carouselImageRemovedSchema }> => ({
  type: 'CarouselImageRemoved',
  data: { imageId: 1, removedBy: 'root-uid', removedAt: at, ...data },
});

export const aUserAvatarChanged = (
  data: Partial<z.infer<typeof userAvatarChangedSchema>> = {},
): StreamEventOf<{ UserAvatarChanged: typeof userAvatarChangedSchema }> => ({
  type: 'UserAvatarChanged',
  data: {
    userId: 'u-1',
    fileName: `${someSha256}.png`,
    sha256: someSha256,
    contentType: 'image/png',
    changedAt: at,
    ...data,
  },
});
