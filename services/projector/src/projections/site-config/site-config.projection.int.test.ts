import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { siteStream } from '@oj/events';
import { aSiteSwitchesSet, aWebsiteConfigSet } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { siteConfigProjection } from './site-config.projection';

const snapshot = (db: Kysely<Database>) => db.selectFrom('site_config').selectAll().orderBy('id').execute();

const siteEvents = fc.array(
  fc.oneof(
    fc
      .record({ name: fc.string({ maxLength: 5 }), register: fc.boolean() })
      .map((data): TestEvent => ({ stream: siteStream, ...aWebsiteConfigSet(data) })),
    fc
      .boolean()
      .map((open): TestEvent => ({ stream: siteStream, ...aSiteSwitchesSet({ openPublicDiscussion: open }) })),
  ),
  { maxLength: 6 },
);

describe('siteConfigProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps the newest web config and switches in one row', async () => {
    await testbed.reset(siteConfigProjection);
    await testbed.append([
      { stream: siteStream, ...aWebsiteConfigSet({ name: 'First' }) },
      { stream: siteStream, ...aSiteSwitchesSet({ openContestComment: false }) },
      { stream: siteStream, ...aWebsiteConfigSet({ name: 'Second', register: false }) },
    ]);
    await testbed.runToHead(siteConfigProjection);
    const rows = await snapshot(testbed.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'site',
      name: 'Second',
      register: false,
      switches: { openContestComment: false },
    });
  });

  it('ignores a duplicate delivery', async () => {
    await expectDuplicateDeliveryChangesNothing(
      testbed,
      siteConfigProjection,
      [
        { stream: siteStream, ...aWebsiteConfigSet() },
        { stream: siteStream, ...aSiteSwitchesSet() },
      ],
      snapshot,
    );
  });

  it('builds the same row incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, siteConfigProjection, siteEvents, snapshot, { numRuns: 8 });
  });
});
