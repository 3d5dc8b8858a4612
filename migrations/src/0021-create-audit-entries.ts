import { sql, type ColumnType, type Kysely } from 'kysely';

/** One field an audited event changed, as text; `hidden` marks a secret whose values are never shown. */
export interface AuditChange {
  readonly field: string;
  readonly before: string | null;
  readonly after: string | null;
  readonly hidden?: true;
}

/**
 * The audit trail (issue 13 item 2, docs/audit.md): one row per audited event, indexed by what it concerns, so
 * the back office filters a contest's, a problem's or a user's history without scanning the event store.
 */
export interface AuditEntriesTable {
  /** The event's global position: the row's key, so a duplicate delivery inserts nothing. */
  position: ColumnType<string, bigint | string, never>;
  event_id: string;
  recorded_at: ColumnType<Date, string, never>;
  stream: string;
  event_type: string;
  /** contest, contest-problem, registration, announcement, problem, test-data, submission, verdict, … */
  kind: string;
  /** The command that appended the event, by name (RejudgeSubmission …). */
  command: string;
  contest_id: number | null;
  problem_id: number | null;
  /** The user the change concerns (the submission's owner, the registered user, the account). */
  user_id: string | null;
  submission_id: number | null;
  /** Who did it: a uid from the event's metadata, `judge:<name>` for the judge, null when not recorded. */
  actor_id: string | null;
  client_ip: string | null;
  correlation_id: string | null;
  changes: ColumnType<AuditChange[], string, never>;
  reason: string | null;
}

/** The last audited state of a stream (field → text), which the next event of the stream is compared with. */
export interface AuditStreamSnapshotsTable {
  stream: string;
  position: ColumnType<string, bigint | string, bigint | string>;
  snapshot: ColumnType<Record<string, Record<string, string | null>>, string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS audit_entries (
    position bigint PRIMARY KEY, event_id text NOT NULL, recorded_at timestamptz NOT NULL, stream text NOT NULL,
    event_type text NOT NULL, kind text NOT NULL, command text NOT NULL, contest_id integer, problem_id integer,
    user_id text, submission_id integer, actor_id text, client_ip text, correlation_id text,
    changes jsonb NOT NULL, reason text)`.execute(db);
  // Each filter the back office offers reads newest first within its scope.
  for (const column of ['contest_id', 'problem_id', 'user_id', 'actor_id', 'submission_id', 'kind']) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(`audit_entries_${column}`)}
      ON audit_entries (${sql.ref(column)}, position DESC)`.execute(db);
  }
  await sql`CREATE INDEX IF NOT EXISTS audit_entries_recorded_at ON audit_entries (recorded_at)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS audit_stream_snapshots (
    stream text PRIMARY KEY, position bigint NOT NULL, snapshot jsonb NOT NULL)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_stream_snapshots').ifExists().execute();
  await db.schema.dropTable('audit_entries').ifExists().execute();
}
