import type { Kysely } from 'kysely';
import { type CarouselEvent, carouselEvents, userAvatarEvents } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';

async function applyCarouselEvent(db: Kysely<Database>, event: CarouselEvent): Promise<void> {
  if (event.type === 'CarouselImageRemoved') {
    await db.deleteFrom('carousel_images').where('image_id', '=', event.data.imageId).execute();
    return;
  }
  const { imageId, fileName, sha256, contentType, addedAt } = event.data;
  await db
    .insertInto('carousel_images')
    .values({ image_id: imageId, file_name: fileName, sha256, content_type: contentType, added_at: addedAt })
    .onConflict((conflict) => conflict.column('image_id').doNothing())
    .execute();
}

/**
 * The images anyone may fetch under /api/public/img/<name>: carousel images while they are on the carousel,
 * and every avatar a user uploaded. Only names listed here are served, so other blobs (test data) never are.
 */
export const publicImagesProjection: Projection = {
  name: 'public-images',
  tables: ['carousel_images', 'avatar_images'],
  eventTypes: ['CarouselImageAdded', 'CarouselImageRemoved', 'UserAvatarChanged'],
  async apply(event, transaction) {
    const carousel = carouselEvents.safeParse({ type: event.type, data: event.data });
    if (carousel.success) return applyCarouselEvent(transaction, carousel.data);
    const avatar = userAvatarEvents.safeParse({ type: event.type, data: event.data });
    if (!avatar.success) return;
    const { userId, fileName, sha256, contentType, changedAt } = avatar.data.data;
    await transaction
      .insertInto('avatar_images')
      .values({ user_id: userId, file_name: fileName, sha256, content_type: contentType, changed_at: changedAt })
      .onConflict((conflict) => conflict.columns(['user_id', 'file_name']).doNothing())
      .execute();
  },
  topicsFor: (event) => (event.type.startsWith('Carousel') ? [liveTopics.carousel] : []),
};
