import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
} from '../../runner/testing';
import { submissionHistories, type ModelSubmission } from '../submissions/submission-histories.fixture';
import { problemCountersProjection } from './problem-counters.projection';

const counters = (db: Kysely<Database>) =>
  db
    .selectFrom('problem_counters')
    .selectAll()
    .where('total', '>', 0)
    .orderBy('problem_id')
    .orderBy('group_id')
    .execute();

const snapshot = async (db: Kysely<Database>) => ({
  counters: await db.selectFrom('problem_counters').selectAll().orderBy('problem_id').orderBy('group_id').execute(),
  submissions: await db.selectFrom('problem_counter_submissions').selectAll().orderBy('submission_id').execute(),
});

const columns = ['ac', 'wa', 'tle', 'mle', 're', 'pe', 'ce', 'se', 'pa'] as const;

/** HOJ's read-time aggregation (judging.md §1.3), written out plainly over the model's final statuses. */
function countsOf(submissions: readonly ModelSubmission[]) {
  const rows = new Map<string, Record<string, number>>();
  for (const submission of submissions) {
    if (submission.contestId !== null) continue;
    const groupId = submission.groupId ?? 0;
    const key = `${submission.problemId}/${groupId}`;
    const row = rows.get(key) ?? {
      problem_id: submission.problemId,
      group_id: groupId,
      total: 0,
      ...Object.fromEntries(columns.map((column) => [column, 0])),
    };
    row.total = (row.total ?? 0) + 1;
    const column = submission.status.toLowerCase();
    if ((columns as readonly string[]).includes(column)) row[column] = (row[column] ?? 0) + 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => (a.problem_id ?? 0) - (b.problem_id ?? 0) || (a.group_id ?? 0) - (b.group_id ?? 0),
  );
}

describe('problemCountersProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('counts like HOJ’s aggregation of the judge table after any judge, rejudge, manual and cancel history', async () => {
    await fc.assert(
      fc.asyncProperty(submissionHistories, fc.integer({ min: 1, max: 5 }), async (history, batchSize) => {
        await testbed.reset(problemCountersProjection);
        await testbed.append(history.events);
        await testbed.runToHead(problemCountersProjection, { batchSize });
        expect(await counters(testbed.db)).toEqual(countsOf(history.submissions));
      }),
      { numRuns: 20 },
    );
  });

  it('ignores a duplicate delivery', async () => {
    const history = fc.sample(submissionHistories, { numRuns: 1, seed: 11 })[0];
    await expectDuplicateDeliveryChangesNothing(testbed, problemCountersProjection, history?.events ?? [], snapshot);
  });

  it('builds the same counters incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(
      testbed,
      problemCountersProjection,
      submissionHistories.map((history) => history.events),
      snapshot,
      { numRuns: 10 },
    );
  });
});
