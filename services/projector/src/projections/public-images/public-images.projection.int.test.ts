import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { siteStream, userStream } from '@oj/events';
import { aCarouselImageAdded, aCarouselImageRemoved, aUserAvatarChanged } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { publicImagesProjection } from './public-images.projection';

const hashOf = (digit: number) => String(digit).repeat(64);

const snapshot = async (db: Kysely<Database>) => ({
  carousel: await db.selectFrom('carousel_images').selectAll().orderBy('image_id').execute(),
  avatars: await db.selectFrom('avatar_images').selectAll().orderBy('user_id').orderBy('file_name').execute(),
});

const histories: fc.Arbitrary<TestEvent[]> = fc.array(
  fc.oneof(
    fc
      .record({ imageId: fc.integer({ min: 1, max: 3 }), digit: fc.integer({ min: 1, max: 3 }) })
      .map(({ imageId, digit }): TestEvent => ({
        stream: siteStream,
        ...aCarouselImageAdded({ imageId, sha256: hashOf(digit), fileName: `${hashOf(digit)}.png` }),
      })),
    fc
      .integer({ min: 1, max: 3 })
      .map((imageId): TestEvent => ({ stream: siteStream, ...aCarouselImageRemoved({ imageId }) })),
    fc
      .record({ userId: fc.constantFrom('u1', 'u2'), digit: fc.integer({ min: 1, max: 3 }) })
      .map(({ userId, digit }): TestEvent => ({
        stream: userStream(userId),
        ...aUserAvatarChanged({ userId, sha256: hashOf(digit), fileName: `${hashOf(digit)}.webp` }),
      })),
  ),
  { maxLength: 10 },
);

describe('publicImagesProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('lists carousel images until removed and keeps every avatar a user uploaded', async () => {
    await testbed.reset(publicImagesProjection);
    await testbed.append([
      { stream: siteStream, ...aCarouselImageAdded({ imageId: 1 }) },
      { stream: siteStream, ...aCarouselImageAdded({ imageId: 2, sha256: hashOf(2), fileName: `${hashOf(2)}.jpg` }) },
      { stream: siteStream, ...aCarouselImageRemoved({ imageId: 1 }) },
      { stream: userStream('u1'), ...aUserAvatarChanged({ userId: 'u1' }) },
      {
        stream: userStream('u1'),
        ...aUserAvatarChanged({ userId: 'u1', sha256: hashOf(3), fileName: `${hashOf(3)}.gif` }),
      },
    ]);
    await testbed.runToHead(publicImagesProjection);
    const rows = await snapshot(testbed.db);
    expect(rows.carousel.map((row) => row.image_id)).toEqual([2]);
    expect(rows.avatars).toHaveLength(2);
  });

  it('ignores a duplicate delivery', async () => {
    const events = fc.sample(histories, { numRuns: 1, seed: 2 })[0] ?? [];
    await expectDuplicateDeliveryChangesNothing(testbed, publicImagesProjection, events, snapshot);
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, publicImagesProjection, histories, snapshot, { numRuns: 8 });
  });
});
