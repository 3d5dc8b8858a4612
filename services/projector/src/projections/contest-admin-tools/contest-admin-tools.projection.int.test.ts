import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { contestStream } from '@oj/events';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { contestAdminToolsProjection } from './contest-admin-tools.projection';

const at = '2026-01-10T10:00:00.000Z';
const snapshot = async (db: Kysely<Database>) => ({
  checks: (await sql`SELECT * FROM contest_ac_checks ORDER BY submission_id`.execute(db)).rows,
  prints: (await sql`SELECT print_id, contest_id, status, content FROM contest_prints ORDER BY print_id`.execute(db))
    .rows,
});

const event: fc.Arbitrary<TestEvent> = fc.oneof(
  fc
    .record({ contestId: fc.constantFrom(1, 2), submissionId: fc.integer({ min: 1, max: 4 }), checked: fc.boolean() })
    .map((data) => ({
      stream: contestStream(data.contestId),
      type: 'ContestAcCheckChanged',
      data: { ...data, changedAt: at },
    })),
  fc.record({ contestId: fc.constantFrom(1, 2), printId: fc.integer({ min: 1, max: 4 }) }).map((data) => ({
    stream: contestStream(data.contestId),
    type: 'ContestPrintRequested',
    data: { ...data, userId: 'u', username: 'u', realname: null, content: `print ${data.printId}`, requestedAt: at },
  })),
  fc.record({ contestId: fc.constantFrom(1, 2), printId: fc.integer({ min: 1, max: 4 }) }).map((data) => ({
    stream: contestStream(data.contestId),
    type: 'ContestPrintMarkedPrinted',
    data: { ...data, markedAt: at },
  })),
  fc.constantFrom(1, 2).map((contestId) => ({
    stream: contestStream(contestId),
    type: 'ContestDeleted',
    data: { contestId, deletedBy: 'root', deletedAt: at },
  })),
);

describe('contest-admin-tools projection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('ignores a duplicate delivery', async () => {
    const [history] = fc.sample(fc.array(event, { minLength: 8, maxLength: 12 }), { numRuns: 1, seed: 7 });
    await expectDuplicateDeliveryChangesNothing(testbed, contestAdminToolsProjection, history ?? [], snapshot);
  });

  it('builds incrementally the rows a rebuild from zero gives', async () => {
    await expectIncrementalEqualsRebuild(
      testbed,
      contestAdminToolsProjection,
      fc.array(event, { maxLength: 14 }),
      snapshot,
      {
        numRuns: 10,
      },
    );
  });
});
