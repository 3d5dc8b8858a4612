import type pg from 'pg';

/** Advisory-lock class ids of the event store (two-key form, so they never collide with other users' keys). */
export const eventStoreLockClass = { schema: 0x4f4a0001, stream: 0x4f4a0002 } as const;

export const appendedChannel = 'event_store_appended';

/**
 * `position` is (xid8 of the appending transaction << 20) + index inside the batch: ordered like the
 * transactions' ids, so a reader that only takes rows below pg_snapshot_xmin << 20 never sees a later
 * commit land behind it (docs/events-store.md). `event_id` is unique store-wide: the idempotency key.
 */
const schemaSql = `
  CREATE SCHEMA IF NOT EXISTS event_store;
  CREATE TABLE IF NOT EXISTS event_store.events (
    position bigint PRIMARY KEY,
    stream text NOT NULL,
    revision bigint NOT NULL,
    event_id uuid NOT NULL,
    event_type text NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT events_stream_revision_key UNIQUE (stream, revision),
    CONSTRAINT events_event_id_key UNIQUE (event_id)
  );
`;

/** Creates the store's schema once; safe to call from many processes at the same time. */
export async function ensureEventStoreSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, 0)', [eventStoreLockClass.schema]);
    await client.query(schemaSql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
