import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { testRunStream, type TestRunJudged, type TestRunRequested } from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { testRunsProjection } from './test-runs.projection';

const keyOf = (index: number) => `TEST_JUDGE_${index.toString(16).padStart(32, '0')}`;
/** An instant `seconds` after the first run's request. */
const at = (seconds: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + seconds * 1000).toISOString();

function requested(index: number, requestedAt = at(0)): TestEvent {
  const data: TestRunRequested = {
    testRunKey: keyOf(index),
    userId: 'u-1',
    problemId: 1000,
    language: 'Python3',
    code: 'print(input())',
    input: `${index}`,
    expectedOutput: null,
    judge: someJudgeSettings(),
    requestedAt,
  };
  return { stream: testRunStream(keyOf(index)), type: 'TestRunRequested', data };
}

function judged(index: number, status: TestRunJudged['status'], judgedAt = at(2)): TestEvent {
  const data: TestRunJudged = {
    testRunKey: keyOf(index),
    status,
    timeMs: 3,
    memoryKib: 2048,
    userOutput: `${index}\n`,
    stderr: '',
    judger: 'judge-1',
    judgedAt,
  };
  return { stream: testRunStream(keyOf(index)), type: 'TestRunJudged', data };
}

const snapshot = (db: Kysely<Database>) => db.selectFrom('test_runs').selectAll().orderBy('test_run_key').execute();

const keys = (db: Kysely<Database>) =>
  db
    .selectFrom('test_runs')
    .select('test_run_key')
    .orderBy('test_run_key')
    .execute()
    .then((rows) => rows.map((row) => row.test_run_key));

/** Runs requested at increasing instants (gaps up to 15 min), some judged late: lifetimes end along the way. */
const histories = fc
  .array(
    fc.record({
      gapSeconds: fc.integer({ min: 0, max: 900 }),
      judgedAfterSeconds: fc.option(fc.integer({ min: 0, max: 700 })),
      status: fc.constantFrom('AC' as const, 'WA' as const, 'CE' as const),
    }),
    { maxLength: 6 },
  )
  .map((runs) => {
    let requestedAt = 0;
    const events = runs.map((run, index) => {
      requestedAt += run.gapSeconds;
      const request = { at: requestedAt, event: requested(index, at(requestedAt)) };
      const result =
        run.judgedAfterSeconds === null
          ? []
          : [
              {
                at: requestedAt + run.judgedAfterSeconds,
                event: judged(index, run.status, at(requestedAt + run.judgedAfterSeconds)),
              },
            ];
      return [request, ...result];
    });
    // The store's order: results interleave with later requests by their instants.
    return events
      .flat()
      .sort((left, right) => left.at - right.at)
      .map((entry) => entry.event);
  });

describe('testRunsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('shows a run as Pending, then its first result', async () => {
    await testbed.reset(testRunsProjection);
    await testbed.append([requested(1)]);
    await testbed.runToHead(testRunsProjection);
    expect(await snapshot(testbed.db)).toMatchObject([{ status: 'Pending', user_input: '1', user_output: null }]);
    await testbed.append([judged(1, 'AC'), judged(1, 'WA')]);
    await testbed.runToHead(testRunsProjection);
    expect(await snapshot(testbed.db)).toMatchObject([{ status: 'AC', user_output: '1\n', time_ms: 3 }]);
  });

  it('deletes the runs whose lifetime ended (60 s after the result, 600 s while pending) when a later event comes', async () => {
    await testbed.reset(testRunsProjection);
    await testbed.append([requested(1, at(0)), judged(1, 'AC', at(2)), requested(2, at(30))]);
    await testbed.runToHead(testRunsProjection);
    expect(await keys(testbed.db)).toEqual([keyOf(1), keyOf(2)]);
    // Run 1's result is exactly 60 s old: still readable, so still there.
    await testbed.append([requested(3, at(62))]);
    await testbed.runToHead(testRunsProjection);
    expect(await keys(testbed.db)).toEqual([keyOf(1), keyOf(2), keyOf(3)]);
    await testbed.append([requested(4, at(63))]);
    await testbed.runToHead(testRunsProjection);
    expect(await keys(testbed.db)).toEqual([keyOf(2), keyOf(3), keyOf(4)]);
    // Run 2 has been pending 601 s when run 5 comes; runs 3 and 4 are younger.
    await testbed.append([requested(5, at(631))]);
    await testbed.runToHead(testRunsProjection);
    expect(await keys(testbed.db)).toEqual([keyOf(3), keyOf(4), keyOf(5)]);
  });

  it('shows a result that came after the pending lifetime for its own 60 s, unless the row was swept first', async () => {
    await testbed.reset(testRunsProjection);
    await testbed.append([requested(1, at(0)), judged(1, 'AC', at(650))]);
    await testbed.runToHead(testRunsProjection);
    expect(await snapshot(testbed.db)).toMatchObject([{ test_run_key: keyOf(1), status: 'AC' }]);
    await testbed.reset(testRunsProjection);
    await testbed.append([requested(2, at(0)), requested(3, at(640)), judged(2, 'AC', at(650))]);
    await testbed.runToHead(testRunsProjection);
    expect(await keys(testbed.db)).toEqual([keyOf(3)]);
  });

  it('ignores a duplicate delivery', async () => {
    await expectDuplicateDeliveryChangesNothing(
      testbed,
      testRunsProjection,
      [requested(1), judged(1, 'AC'), requested(2), requested(3, at(700)), judged(3, 'WA', at(701))],
      snapshot,
    );
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, testRunsProjection, histories, snapshot, { numRuns: 8 });
  });
});
