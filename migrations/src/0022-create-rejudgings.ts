import { sql, type ColumnType, type Kysely } from 'kysely';

/**
 * Staged rejudges (issue 13 item 4, docs/judging.md "Staged rejudges"): one row per rejudging with its progress,
 * and one per staged submission with its live verdict when staged and its staged verdict once judged. Only the
 * back office reads these; no board or submission list does.
 */
export interface RejudgingsTable {
  rejudging_id: string;
  /** The contest the selection named (null: a selection across contests or outside them). */
  contest_id: number | null;
  /** judging, judged, applied, discarded. */
  state: string;
  total: number;
  judged: number;
  reason: string;
  staged_by: string;
  staged_at: ColumnType<Date, string, never>;
  ended_by: string | null;
  ended_at: ColumnType<Date | null, string | null, string | null>;
  end_reason: string | null;
  filters: ColumnType<Record<string, unknown>, string, never>;
  /** Submissions skipped when applied (changed after staging). */
  skipped: ColumnType<number[], string, string>;
  last_position: ColumnType<string, bigint | string, bigint | string>;
}

export interface RejudgingItemsTable {
  rejudging_id: string;
  submission_id: number;
  problem_id: number;
  contest_id: number | null;
  user_id: string;
  username: string;
  attempt: number;
  old_status: string;
  old_score: number | null;
  old_time_ms: number | null;
  new_status: string | null;
  new_score: number | null;
  new_time_ms: number | null;
  new_memory_kib: number | null;
  new_error_message: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS rejudgings (
    rejudging_id text PRIMARY KEY, contest_id integer, state text NOT NULL, total integer NOT NULL,
    judged integer NOT NULL, reason text NOT NULL, staged_by text NOT NULL, staged_at timestamptz NOT NULL,
    ended_by text, ended_at timestamptz, end_reason text, filters jsonb NOT NULL, skipped jsonb NOT NULL,
    last_position bigint NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS rejudgings_staged_at ON rejudgings (staged_at DESC)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS rejudgings_contest ON rejudgings (contest_id, staged_at DESC)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS rejudging_items (
    rejudging_id text NOT NULL, submission_id integer NOT NULL, problem_id integer NOT NULL, contest_id integer,
    user_id text NOT NULL, username text NOT NULL, attempt integer NOT NULL, old_status text NOT NULL,
    old_score integer, old_time_ms integer, new_status text, new_score integer, new_time_ms integer,
    new_memory_kib integer, new_error_message text, PRIMARY KEY (rejudging_id, submission_id))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rejudging_items`.execute(db);
  await sql`DROP TABLE IF EXISTS rejudgings`.execute(db);
}
