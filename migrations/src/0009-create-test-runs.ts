import type { ColumnType, Kysely } from 'kysely';

/**
 * Test runs on custom input (projection `test-runs`, judging.md §8): HOJ keeps them in Redis with a TTL; here a
 * row whose lifetime the query side checks against requested_at (600 s pending) and judged_at (60 s).
 */
export interface TestRunsTable {
  test_run_key: string;
  user_id: string;
  problem_id: number;
  /** Pending until judged, then AC, WA, TLE, MLE, RE, CE, SE or SF. */
  status: string;
  time_ms: number | null;
  memory_kib: number | null;
  user_input: string;
  user_output: string | null;
  expected_output: string | null;
  stderr: string | null;
  problem_judge_mode: string;
  requested_at: ColumnType<Date, string, string>;
  judged_at: ColumnType<Date | null, string | null, string | null>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_runs')
    .ifNotExists()
    .addColumn('test_run_key', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('problem_id', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('time_ms', 'integer')
    .addColumn('memory_kib', 'integer')
    .addColumn('user_input', 'text', (column) => column.notNull())
    .addColumn('user_output', 'text')
    .addColumn('expected_output', 'text')
    .addColumn('stderr', 'text')
    .addColumn('problem_judge_mode', 'text', (column) => column.notNull())
    .addColumn('requested_at', 'timestamptz', (column) => column.notNull())
    .addColumn('judged_at', 'timestamptz')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_runs').ifExists().execute();
}
