import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream } from '@oj/events';
import { aContestantRegistered } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { contestRegistrationsProjection } from './contest-registrations.projection';

const at = '2026-01-02T00:00:00.000Z';
const snapshot = (db: Kysely<Database>) =>
  db.selectFrom('contest_registrations').selectAll().orderBy('contest_id').orderBy('user_id').execute();

const registered = (contestId: number, user: string): TestEvent => ({
  stream: contestStream(contestId),
  type: 'ContestantRegistered',
  data: aContestantRegistered({ contestId, userId: `${user}-uid`, username: user }),
});
const cleared = (contestId: number): TestEvent => ({
  stream: contestStream(contestId),
  type: 'ContestRegistrationsCleared',
  data: { contestId, clearedAt: at },
});
const deleted = (contestId: number): TestEvent => ({
  stream: contestStream(contestId),
  type: 'ContestDeleted',
  data: { contestId, deletedBy: 'root-uid', deletedAt: at },
});

const contestId = fc.constantFrom(1, 2);
const event: fc.Arbitrary<TestEvent> = fc.oneof(
  fc
    .record({ contestId, user: fc.constantFrom('alice', 'bob', 'carol') })
    .map(({ contestId, user }) => registered(contestId, user)),
  contestId.map(cleared),
  contestId.map(deleted),
);

describe('contestRegistrationsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps one registration per user and contest until the contest clears them or is deleted', async () => {
    await testbed.reset(contestRegistrationsProjection);
    await testbed.append([
      registered(1, 'alice'),
      registered(1, 'alice'),
      registered(1, 'bob'),
      registered(2, 'alice'),
      cleared(1),
      registered(1, 'carol'),
      deleted(2),
    ]);
    await testbed.runToHead(contestRegistrationsProjection);
    expect(await snapshot(testbed.db)).toMatchObject([{ contest_id: 1, user_id: 'carol-uid', username: 'carol' }]);
  });

  it('ignores a duplicate delivery', async () => {
    const [history] = fc.sample(fc.array(event, { minLength: 8, maxLength: 12 }), { numRuns: 1, seed: 5 });
    await expectDuplicateDeliveryChangesNothing(testbed, contestRegistrationsProjection, history ?? [], snapshot);
  });

  it('builds incrementally the rows a rebuild from zero gives', async () => {
    await expectIncrementalEqualsRebuild(
      testbed,
      contestRegistrationsProjection,
      fc.array(event, { maxLength: 14 }),
      snapshot,
      { numRuns: 10 },
    );
  });
});
