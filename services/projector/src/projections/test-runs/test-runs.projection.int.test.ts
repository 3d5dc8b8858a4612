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

function requested(index: number): TestEvent {
  const data: TestRunRequested = {
    testRunKey: keyOf(index),
    userId: 'u-1',
    problemId: 1000,
    language: 'Python3',
    code: 'print(input())',
    input: `${index}`,
    expectedOutput: null,
    judge: someJudgeSettings(),
    requestedAt: '2026-01-01T00:00:00.000Z',
  };
  return { stream: testRunStream(keyOf(index)), type: 'TestRunRequested', data };
}

function judged(index: number, status: TestRunJudged['status']): TestEvent {
  const data: TestRunJudged = {
    testRunKey: keyOf(index),
    status,
    timeMs: 3,
    memoryKib: 2048,
    userOutput: `${index}\n`,
    stderr: '',
    judger: 'judge-1',
    judgedAt: '2026-01-01T00:00:02.000Z',
  };
  return { stream: testRunStream(keyOf(index)), type: 'TestRunJudged', data };
}

const snapshot = (db: Kysely<Database>) => db.selectFrom('test_runs').selectAll().orderBy('test_run_key').execute();

const histories = fc
  .array(fc.record({ isJudged: fc.boolean(), status: fc.constantFrom('AC' as const, 'WA' as const, 'CE' as const) }), {
    maxLength: 5,
  })
  .map((runs) =>
    runs.flatMap((run, index) => [requested(index), ...(run.isJudged ? [judged(index, run.status)] : [])]),
  );

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

  it('ignores a duplicate delivery', async () => {
    await expectDuplicateDeliveryChangesNothing(
      testbed,
      testRunsProjection,
      [requested(1), judged(1, 'AC'), requested(2)],
      snapshot,
    );
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, testRunsProjection, histories, snapshot, { numRuns: 8 });
  });
});
