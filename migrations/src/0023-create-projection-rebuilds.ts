import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';

/** queued → replaying → swapping → done | failed (docs/events-store.md "Rebuilding from the browser"). */
export type ProjectionRebuildState = 'queued' | 'replaying' | 'swapping' | 'done' | 'failed';

/**
 * Rebuild requests from the back office (issue 13 item 5): the command route inserts a row and NOTIFYs
 * `projection_rebuild_requested`; a projector process claims it, writes its progress and its report here.
 * Rows stay as the history of who rebuilt what. At most one queued or running row per projection.
 */
export interface ProjectionRebuildsTable {
  id: Generated<string>;
  projection: string;
  requested_by: string;
  requested_at: ColumnType<Date, Date | undefined, never>;
  state: ColumnType<ProjectionRebuildState, ProjectionRebuildState | undefined, ProjectionRebuildState>;
  started_at: ColumnType<Date | null, never, Date | null>;
  finished_at: ColumnType<Date | null, never, Date | null>;
  /** Events replayed so far, and the store's event count when the replay started (null: not countable). */
  replayed_events: ColumnType<string, never, bigint | string | number>;
  total_events: ColumnType<string | null, never, bigint | string | number | null>;
  position: ColumnType<string, never, bigint | string>;
  /** The old rows against the rebuilt ones (`RebuildReport` in @oj/contracts), once done. */
  report: ColumnType<unknown, never, string | null>;
  error: ColumnType<string | null, never, string | null>;
}

/** Which tables each registered projection owns, written by the projector at start (the query side counts them). */
export interface ProjectionOwnedTablesTable {
  projection: string;
  tables: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS projection_rebuilds (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, projection text NOT NULL, requested_by text NOT NULL,
    requested_at timestamptz NOT NULL DEFAULT now(), state text NOT NULL DEFAULT 'queued',
    started_at timestamptz, finished_at timestamptz, replayed_events bigint NOT NULL DEFAULT 0,
    total_events bigint, position bigint NOT NULL DEFAULT 0, report jsonb, error text)`.execute(db);
  // Only one rebuild per projection at a time: a second request finds this index and is refused.
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS projection_rebuilds_one_at_a_time ON projection_rebuilds (projection)
    WHERE state IN ('queued', 'replaying', 'swapping')`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS projection_rebuilds_latest ON projection_rebuilds (projection, id DESC)`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS projection_owned_tables (
    projection text PRIMARY KEY, tables text[] NOT NULL)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projection_owned_tables').ifExists().execute();
  await db.schema.dropTable('projection_rebuilds').ifExists().execute();
}
