import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { siteStream } from '@oj/events';
import {
  anAnnouncementDeleted,
  anAnnouncementEdited,
  anAnnouncementPublished,
  anAnnouncementVisibilityChanged,
} from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { announcementsProjection } from './announcements.projection';

const site = (event: { type: string; data: unknown }): TestEvent => ({ stream: siteStream, ...event });

const snapshot = (db: Kysely<Database>) =>
  db.selectFrom('announcements').selectAll().orderBy('announcement_id').execute();

const histories: fc.Arbitrary<TestEvent[]> = fc
  .array(
    fc.record({
      kind: fc.constantFrom('publish', 'edit', 'hide', 'show', 'delete'),
      announcementId: fc.integer({ min: 1, max: 3 }),
      title: fc.string({ maxLength: 8 }),
    }),
    { maxLength: 12 },
  )
  .map((steps) =>
    steps.map(({ kind, announcementId, title }) => {
      if (kind === 'publish') return site(anAnnouncementPublished({ announcementId, title }));
      if (kind === 'edit') return site(anAnnouncementEdited({ announcementId, title }));
      if (kind === 'delete') return site(anAnnouncementDeleted({ announcementId }));
      return site(anAnnouncementVisibilityChanged({ announcementId, isVisible: kind === 'show' }));
    }),
  );

describe('announcementsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps the edited title, the visibility and the times, and drops a deleted announcement', async () => {
    await testbed.reset(announcementsProjection);
    await testbed.append([
      site(anAnnouncementPublished({ announcementId: 1, title: 'A', publishedAt: '2026-03-01T00:00:00.000Z' })),
      site(anAnnouncementPublished({ announcementId: 2, title: 'B' })),
      site(
        anAnnouncementEdited({ announcementId: 1, title: 'A2', content: 'x', editedAt: '2026-03-02T00:00:00.000Z' }),
      ),
      site(anAnnouncementVisibilityChanged({ announcementId: 1, isVisible: false })),
      site(anAnnouncementDeleted({ announcementId: 2 })),
    ]);
    await testbed.runToHead(announcementsProjection);
    const rows = await snapshot(testbed.db);
    expect(rows).toEqual([
      expect.objectContaining({
        announcement_id: 1,
        title: 'A2',
        content: 'x',
        is_visible: false,
        created_at: new Date('2026-03-01T00:00:00.000Z'),
      }),
    ]);
  });

  it('ignores a duplicate delivery', async () => {
    const events = fc.sample(histories, { numRuns: 1, seed: 5 })[0] ?? [];
    await expectDuplicateDeliveryChangesNothing(testbed, announcementsProjection, events, snapshot);
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, announcementsProjection, histories, snapshot, { numRuns: 8 });
  });
});
