import { sql, type ColumnType, type Kysely } from 'kysely';

type Instant = ColumnType<Date, string, string>;
type NullableInstant = ColumnType<Date | null, string | null, string | null>;
/** Global positions arrive as bigint and leave Postgres as decimal strings (pg's int8 default). */
type Position = ColumnType<string, bigint | string, bigint | string>;

/**
 * The submissions read model (projection `submissions`): one row per submission as HOJ's judge table shows it.
 * `status` is a verdict code (AC, WA …, CA) or an in-progress name (Pending, Compiling, Judging); the HTTP
 * edge maps it to HOJ's numbers. `last_position` makes every apply idempotent: events of one submission live
 * in one stream, so an event at or below it was already applied.
 */
export interface SubmissionsTable {
  submission_id: number;
  problem_id: number;
  display_pid: string;
  user_id: string;
  username: string;
  contest_id: number | null;
  contest_problem_id: number | null;
  group_id: number | null;
  language: string;
  code: string;
  /** Characters (UTF-16 units), as HOJ's Java String length. */
  length: number;
  ip: string;
  submitted_at: Instant;
  attempt: number;
  status: string;
  score: number | null;
  oi_rank_score: number | null;
  time_ms: number | null;
  memory_kib: number | null;
  error_message: string | null;
  judger: string;
  is_manual: boolean;
  share: boolean;
  judge_case_mode: string;
  problem_type: string;
  io_score: number;
  difficulty: number;
  updated_at: Instant;
  last_position: Position;
}

/** The current attempt's case results (HOJ's judge_case rows); an attempt's rows replace the previous one's. */
export interface SubmissionCasesTable {
  submission_id: number;
  seq: number;
  attempt: number;
  case_id: number;
  group_num: number;
  status: string;
  time_ms: number;
  memory_kib: number;
  score: number | null;
  message: string;
  input_name: string;
  output_name: string;
}

/** Verdict counters per problem and bank (projection `problem-counters`); `group_id` 0 is the public bank. */
export interface ProblemCountersTable {
  problem_id: number;
  group_id: number;
  total: number;
  ac: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  pe: number;
  ce: number;
  se: number;
  pa: number;
}

/** What each counted submission currently adds to problem_counters, so a status change moves one count. */
export interface ProblemCounterSubmissionsTable {
  submission_id: number;
  problem_id: number;
  group_id: number;
  attempt: number;
  status: string;
  last_position: Position;
}

/**
 * HOJ's accepted records (projection `accepted-problems`): one row per public-bank, non-contest submission;
 * `is_accepted` says whether it currently counts (solved problems = distinct problem_id where true).
 */
export interface AcceptedSubmissionsTable {
  submission_id: number;
  user_id: string;
  problem_id: number;
  attempt: number;
  status: string;
  is_accepted: boolean;
  submitted_at: Instant;
  accepted_at: NullableInstant;
  last_position: Position;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  // Numeric submission ids for every command process (HOJ's auto-increment submit_id).
  await sql`CREATE SEQUENCE IF NOT EXISTS submission_id_seq START 1000`.execute(db);
  await db.schema
    .createTable('submissions')
    .ifNotExists()
    .addColumn('submission_id', 'integer', (column) => column.primaryKey())
    .addColumn('problem_id', 'integer', (column) => column.notNull())
    .addColumn('display_pid', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('username', 'text', (column) => column.notNull())
    .addColumn('contest_id', 'integer')
    .addColumn('contest_problem_id', 'integer')
    .addColumn('group_id', 'integer')
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('length', 'integer', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('submitted_at', 'timestamptz', (column) => column.notNull())
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('score', 'integer')
    .addColumn('oi_rank_score', 'integer')
    .addColumn('time_ms', 'integer')
    .addColumn('memory_kib', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('judger', 'text', (column) => column.notNull())
    .addColumn('is_manual', 'boolean', (column) => column.notNull())
    .addColumn('share', 'boolean', (column) => column.notNull())
    .addColumn('judge_case_mode', 'text', (column) => column.notNull())
    .addColumn('problem_type', 'text', (column) => column.notNull())
    .addColumn('io_score', 'integer', (column) => column.notNull())
    .addColumn('difficulty', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .addColumn('last_position', 'bigint', (column) => column.notNull())
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS submissions_list ON submissions (submitted_at DESC, submission_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS submissions_user_problem ON submissions (user_id, problem_id)`.execute(db);
  await db.schema
    .createTable('submission_cases')
    .ifNotExists()
    .addColumn('submission_id', 'integer', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('case_id', 'integer', (column) => column.notNull())
    .addColumn('group_num', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('time_ms', 'integer', (column) => column.notNull())
    .addColumn('memory_kib', 'integer', (column) => column.notNull())
    .addColumn('score', 'integer')
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('input_name', 'text', (column) => column.notNull())
    .addColumn('output_name', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('submission_cases_pkey', ['submission_id', 'seq'])
    .execute();
  await createCounterTables(db);
  await db.schema
    .createTable('accepted_submissions')
    .ifNotExists()
    .addColumn('submission_id', 'integer', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('problem_id', 'integer', (column) => column.notNull())
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('is_accepted', 'boolean', (column) => column.notNull())
    .addColumn('submitted_at', 'timestamptz', (column) => column.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('last_position', 'bigint', (column) => column.notNull())
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS accepted_submissions_user ON accepted_submissions (user_id, problem_id)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
async function createCounterTables(db: Kysely<any>): Promise<void> {
  let counters = db.schema
    .createTable('problem_counters')
    .ifNotExists()
    .addColumn('problem_id', 'integer', (column) => column.notNull())
    .addColumn('group_id', 'integer', (column) => column.notNull());
  for (const name of ['total', 'ac', 'wa', 'tle', 'mle', 're', 'pe', 'ce', 'se', 'pa']) {
    counters = counters.addColumn(name, 'integer', (column) => column.notNull().defaultTo(0));
  }
  await counters.addPrimaryKeyConstraint('problem_counters_pkey', ['problem_id', 'group_id']).execute();
  await db.schema
    .createTable('problem_counter_submissions')
    .ifNotExists()
    .addColumn('submission_id', 'integer', (column) => column.primaryKey())
    .addColumn('problem_id', 'integer', (column) => column.notNull())
    .addColumn('group_id', 'integer', (column) => column.notNull())
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('last_position', 'bigint', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'accepted_submissions',
    'problem_counter_submissions',
    'problem_counters',
    'submission_cases',
    'submissions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP SEQUENCE IF EXISTS submission_id_seq`.execute(db);
}
