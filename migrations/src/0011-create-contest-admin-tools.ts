import { sql, type ColumnType, type Kysely } from 'kysely';

type Instant = ColumnType<Date, string, string>;

/** The AC helper's checked flags (projection `contest-admin-tools`), one per checked-or-unchecked first AC. */
export interface ContestAcChecksTable {
  submission_id: number;
  contest_id: number;
  checked: boolean;
}

/** Print requests (projection `contest-admin-tools`): HOJ's contest_print rows; status 0 waiting, 1 printed. */
export interface ContestPrintsTable {
  print_id: number;
  contest_id: number;
  user_id: string;
  username: string;
  realname: string | null;
  content: string;
  status: number;
  created_at: Instant;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE IF NOT EXISTS contest_print_id_seq START 1000`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS contest_ac_checks (
    submission_id integer PRIMARY KEY, contest_id integer NOT NULL, checked boolean NOT NULL)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS contest_prints (
    print_id integer PRIMARY KEY, contest_id integer NOT NULL, user_id text NOT NULL, username text NOT NULL,
    realname text, content text NOT NULL, status integer NOT NULL, created_at timestamptz NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS contest_prints_queue ON contest_prints (contest_id, status, created_at DESC)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contest_prints').ifExists().execute();
  await db.schema.dropTable('contest_ac_checks').ifExists().execute();
  await sql`DROP SEQUENCE IF EXISTS contest_print_id_seq`.execute(db);
}
