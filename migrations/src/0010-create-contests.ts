import { sql, type ColumnType, type Kysely } from 'kysely';

type Instant = ColumnType<Date, string, string>;
type Position = ColumnType<string, bigint | string, bigint | string>;
type Json = ColumnType<unknown, string, string>;

/** Contests as the public and admin calls read them (projection `contests`); `settings` is ContestSettings. */
export interface ContestsTable {
  contest_id: number;
  type: string;
  created_by: string;
  author: string;
  group_id: number | null;
  visible: boolean;
  title: string;
  start_at: Instant;
  end_at: Instant;
  settings: Json;
  created_at: Instant;
  modified_at: Instant;
  last_position: Position;
}

/** Contest problems (projection `contests`): HOJ's contest_problem links. */
export interface ContestProblemsTable {
  contest_problem_id: number;
  contest_id: number;
  problem_id: number;
  display_id: string;
  display_title: string;
  color: string | null;
  created_at: Instant;
  modified_at: Instant;
}

/** Contest announcements (projection `contests`). */
export interface ContestAnnouncementsTable {
  announcement_id: number;
  contest_id: number;
  title: string;
  content: string;
  visible: boolean;
  author_id: string;
  author_username: string;
  created_at: Instant;
  modified_at: Instant;
}

/** HOJ's contest_register rows (projection `contest-registrations`). */
export interface ContestRegistrationsTable {
  contest_id: number;
  user_id: string;
  username: string;
  registered_at: Instant;
}

/**
 * The four scoreboard projections (acm-scoreboard, sealed-acm-scoreboard, oi-scoreboard, sealed-oi-scoreboard)
 * share one shape under their own table prefix: the contest facts a board needs, the contest records, the
 * rows per view (live / liveWithEnd / sealed) and, for ACM, the solved cells that give first blood.
 */
export interface ScoreboardContestsTable {
  contest_id: number;
  board_contest: Json;
  last_position: Position;
}

export interface ScoreboardRecordsTable {
  submission_id: number;
  contest_id: number;
  user_id: string;
  username: string;
  contest_problem_id: number;
  submitted_at: Instant;
  attempt: number;
  /** The submission status (verdict code or Pending/Compiling/Judging). */
  submission_status: string;
  score: number | null;
  use_time_ms: number | null;
  last_position: Position;
}

export interface ScoreboardRowsTable {
  contest_id: number;
  view: string;
  user_id: string;
  username: string;
  ac: number;
  total_score: number;
  total_time: number;
  total: number;
  first_time: number;
  first_submission_id: number;
  submission_info: Json;
  time_info: Json | null;
}

export interface ScoreboardSolvedTable {
  contest_id: number;
  view: string;
  user_id: string;
  display_id: string;
  ac_time: number;
}

export const scoreboardTablePrefixes = [
  'acm_scoreboard',
  'sealed_acm_scoreboard',
  'oi_scoreboard',
  'sealed_oi_scoreboard',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  // Numeric ids for every command process (HOJ's auto-increment ids).
  await sql`CREATE SEQUENCE IF NOT EXISTS contest_id_seq START 1000`.execute(db);
  await sql`CREATE SEQUENCE IF NOT EXISTS contest_problem_id_seq START 1000`.execute(db);
  await sql`CREATE SEQUENCE IF NOT EXISTS contest_announcement_id_seq START 1000`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS contests (
    contest_id integer PRIMARY KEY, type text NOT NULL, created_by text NOT NULL, author text NOT NULL,
    group_id integer, visible boolean NOT NULL, title text NOT NULL, start_at timestamptz NOT NULL,
    end_at timestamptz NOT NULL, settings jsonb NOT NULL, created_at timestamptz NOT NULL,
    modified_at timestamptz NOT NULL, last_position bigint NOT NULL)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS contest_problems (
    contest_problem_id integer PRIMARY KEY, contest_id integer NOT NULL, problem_id integer NOT NULL,
    display_id text NOT NULL, display_title text NOT NULL, color text, created_at timestamptz NOT NULL,
    modified_at timestamptz NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS contest_problems_contest ON contest_problems (contest_id)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS contest_announcements (
    announcement_id integer PRIMARY KEY, contest_id integer NOT NULL, title text NOT NULL, content text NOT NULL,
    visible boolean NOT NULL, author_id text NOT NULL, author_username text NOT NULL,
    created_at timestamptz NOT NULL, modified_at timestamptz NOT NULL)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS contest_registrations (
    contest_id integer NOT NULL, user_id text NOT NULL, username text NOT NULL,
    registered_at timestamptz NOT NULL, PRIMARY KEY (contest_id, user_id))`.execute(db);
  for (const prefix of scoreboardTablePrefixes) await createScoreboardTables(db, prefix);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
async function createScoreboardTables(db: Kysely<any>, prefix: string): Promise<void> {
  const table = (suffix: string) => sql.table(`${prefix}_${suffix}`);
  await sql`CREATE TABLE IF NOT EXISTS ${table('contests')} (
    contest_id integer PRIMARY KEY, board_contest jsonb NOT NULL, last_position bigint NOT NULL)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${table('records')} (
    submission_id integer PRIMARY KEY, contest_id integer NOT NULL, user_id text NOT NULL, username text NOT NULL,
    contest_problem_id integer NOT NULL, submitted_at timestamptz NOT NULL, attempt integer NOT NULL,
    submission_status text NOT NULL, score integer, use_time_ms integer, last_position bigint NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_records_user`)}
    ON ${table('records')} (contest_id, user_id)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${table('rows')} (
    contest_id integer NOT NULL, view text NOT NULL, user_id text NOT NULL, username text NOT NULL,
    ac integer NOT NULL, total_score integer NOT NULL, total_time bigint NOT NULL, total integer NOT NULL,
    first_time integer NOT NULL, first_submission_id integer NOT NULL, submission_info jsonb NOT NULL,
    time_info jsonb, PRIMARY KEY (contest_id, view, user_id))`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_order`)} ON ${table('rows')}
    (contest_id, view, ac DESC, total_score DESC, total_time, first_time, first_submission_id)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${table('solved')} (
    contest_id integer NOT NULL, view text NOT NULL, user_id text NOT NULL, display_id text NOT NULL,
    ac_time integer NOT NULL, PRIMARY KEY (contest_id, view, user_id, display_id))`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_solved_first`)}
    ON ${table('solved')} (contest_id, view, display_id, ac_time)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  const tables = scoreboardTablePrefixes.flatMap((prefix) =>
    ['contests', 'records', 'rows', 'solved'].map((suffix) => `${prefix}_${suffix}`),
  );
  for (const table of [...tables, 'contest_registrations', 'contest_announcements', 'contest_problems', 'contests']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const sequence of ['contest_id_seq', 'contest_problem_id_seq', 'contest_announcement_id_seq']) {
    await sql`DROP SEQUENCE IF EXISTS ${sql.id(sequence)}`.execute(db);
  }
}
