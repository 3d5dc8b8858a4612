import { testRunJudgedSchema, testRunLifetimeMs, testRunRequestedSchema, type RecordedEvent } from '@oj/events';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';
import { topicsOfStringId } from '../../runner/event-topics';

/**
 * Deletes the runs whose lifetime had ended at `at` (an event's own instant, never the wall clock, so a rebuild
 * deletes exactly what the live run did and a repeated event deletes nothing more). No timer: every new run or
 * result sweeps, so the table holds about the last ten minutes of runs before the latest one.
 */
async function deleteExpiredRuns(db: Kysely<Database>, at: string) {
  const instant = Date.parse(at);
  const finishedBefore = new Date(instant - testRunLifetimeMs.finished);
  const pendingBefore = new Date(instant - testRunLifetimeMs.pending);
  await db
    .deleteFrom('test_runs')
    .where((row) =>
      row.or([
        row('judged_at', '<', finishedBefore),
        row.and([row('judged_at', 'is', null), row('requested_at', '<', pendingBefore)]),
      ]),
    )
    .execute();
}

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
  await deleteExpiredRuns(db, data.requestedAt);
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
  // After the update: a result that comes after the pending lifetime is still shown for its own 60 s, as HOJ
  // rewrites the key with a fresh TTL.
  await deleteExpiredRuns(db, data.judgedAt);
}

/**
 * Test runs on custom input and their results (get-test-judge-result) while they live; never part of the
 * submission history.
 */
export const testRunsProjection: Projection = {
  name: 'test-runs',
  tables: ['test_runs'],
  eventTypes: ['TestRunRequested', 'TestRunJudged'],
  async apply(event, transaction) {
    if (event.type === 'TestRunRequested') await applyRequested(transaction, event);
    if (event.type === 'TestRunJudged') await applyJudged(transaction, event);
  },
  topicsFor: topicsOfStringId('testRunKey', liveTopics.testRun),
};
