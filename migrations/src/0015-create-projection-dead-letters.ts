import { sql, type ColumnType, type Kysely } from 'kysely';
import type { ProjectionCheckpointsTable } from './0001-create-projection-checkpoints';

/**
 * Events a projection could not apply (F5): quarantined so its checkpoint moves past them and the rest keeps
 * running, instead of retrying one poison event forever. The admin dashboard shows them to root. One row per
 * projection and event: a rebuild that meets the event again finds its row.
 */
export interface ProjectionDeadLettersTable {
  projection: string;
  event_id: string;
  /** int8 comes back from pg as a string; write a bigint or its decimal string. */
  position: ColumnType<string, bigint | string, bigint | string>;
  stream: string;
  event_type: string;
  /** Why it could not be applied (the schema's complaint or the error's message), cut to a few KiB. */
  error: string;
  quarantined_at: ColumnType<Date, Date | undefined, Date>;
}

/** projection_checkpoints with the event types its projection handles (NULL: unknown, so every type). */
export interface RoutedProjectionCheckpointsTable extends ProjectionCheckpointsTable {
  event_types: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS projection_dead_letters (
    projection text NOT NULL, event_id text NOT NULL, position bigint NOT NULL, stream text NOT NULL,
    event_type text NOT NULL, error text NOT NULL, quarantined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (projection, event_id))`.execute(db);
  // The event types each projection handles, written by the projector at start: a command waits only for the
  // projections that handle what it appended. NULL (a row from before, or a projector not yet restarted) = all.
  await sql`ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS event_types text[]`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE projection_checkpoints DROP COLUMN IF EXISTS event_types`.execute(db);
  await db.schema.dropTable('projection_dead_letters').ifExists().execute();
}
