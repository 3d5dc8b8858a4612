import { testRunJudgedSchema, testRunRequestedSchema, type RecordedEvent } from '@oj/events';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';

async function applyRequested(db: Kysely<Database>, event: RecordedEvent) {
  const data = testRunRequestedSchema.parse(event.data);
  await db
    .insertInto('test_runs')
    .values({
      test_run_key: data.testRunKey,
      user_id: data.userId,
      problem_id: data.problemId,
      status: 'Pending',
      time_ms: null,
      memory_kib: null,
      user_input: data.input,
      user_output: null,
      expected_output: data.expectedOutput,
      stderr: null,
      problem_judge_mode: data.judge.judgeMode,
      requested_at: data.requestedAt,
      judged_at: null,
    })
    .onConflict((conflict) => conflict.column('test_run_key').doNothing())
    .execute();
}

async function applyJudged(db: Kysely<Database>, event: RecordedEvent) {
  const data = testRunJudgedSchema.parse(event.data);
  // A run is judged once: the first result stays (a duplicate delivery finds the row no longer Pending).
  await db
    .updateTable('test_runs')
    .set({
      status: data.status,
      time_ms: data.timeMs,
      memory_kib: data.memoryKib,
      user_output: data.userOutput,
      stderr: data.stderr,
      judged_at: data.judgedAt,
    })
    .where('test_run_key', '=', data.testRunKey)
    .where('status', '=', 'Pending')
    .execute();
}

/** Test runs on custom input and their results (get-test-judge-result); never part of the submission history. */
export const testRunsProjection: Projection = {
  name: 'test-runs',
  tables: ['test_runs'],
  eventTypes: ['TestRunRequested', 'TestRunJudged'],
  async apply(event, transaction) {
    if (event.type === 'TestRunRequested') await applyRequested(transaction, event);
    if (event.type === 'TestRunJudged') await applyJudged(transaction, event);
  },
  topicsFor: (event) => {
    const key = (event.data as { testRunKey?: unknown }).testRunKey;
    return typeof key === 'string' ? [`test-run:${key}`] : [];
  },
};
