import type pg from 'pg';
import type { RecordedEvent } from '../event-store';

/** A row of event_store.events as the driver returns it (bigints as text). */
export interface StoredEventRow {
  position: string;
  stream: string;
  revision: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: Record<string, string>;
  recorded_at: Date;
}

const eventColumns = 'position, stream, revision, event_id, event_type, data, metadata, recorded_at';

/** The event a store row holds: the store's reads, and the query service's own read of one contest's events. */
export function toRecordedEvent(row: StoredEventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    stream: row.stream,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
  };
}

export interface SettledRead {
  readonly events: readonly RecordedEvent[];
  /**
   * Every event below this position is committed and was considered by this read: a reader may move
   * past it even when a type filter returned nothing. Rows at or above it may still be in flight.
   */
  readonly horizon: bigint;
}

export interface SettledReadOptions {
  readonly after: bigint;
  readonly upTo?: bigint;
  readonly maxCount: number;
  readonly eventTypes?: readonly string[];
}

/**
 * The settled horizon as a position, in SQL: the oldest transaction of THIS database still open in the statement's
 * snapshot, or the snapshot's xmax when none is. `pg_snapshot_xmin` alone is the oldest open transaction of the
 * whole cluster, so a write transaction in another database on a shared server (a long migration, a batch job, a
 * test file's open transaction) held back every event here, judging included, for as long as it stayed open.
 * A transaction never writes outside the database it was started in, and a backend never changes databases, so an
 * xid whose backend `pg_stat_activity` shows in another database cannot be carrying events of ours. An xid of the
 * snapshot whose backend is not seen (it ended after the snapshot, or is hidden) still holds the horizon: the next
 * read settles it. An xid read from a reused backend slot is never one of the snapshot's (it began after it).
 * `pg_stat_get_activity(NULL)` is the function behind that view, without the view's joins to pg_database and
 * pg_authid, which were most of what planning this cost.
 */
const settledHorizon = `(
  SELECT coalesce(
    (SELECT min(open.xid) FROM pg_snapshot_xip(taken.snapshot) AS open(xid)
     WHERE open.xid::xid NOT IN (
       SELECT other.backend_xid FROM pg_stat_get_activity(NULL) other
       WHERE other.backend_xid IS NOT NULL AND other.datid <> taken.database)),
    pg_snapshot_xmax(taken.snapshot))::text::bigint << 20
  FROM (SELECT pg_current_snapshot() AS snapshot,
          (SELECT oid FROM pg_database WHERE datname = current_database()) AS database) AS taken)`;

/**
 * The settled reads are named statements, planned once per connection: planning the horizon cost several times
 * what running it does (under load 0.3–4 ms against 0.1 ms), on every page a subscriber read
 * (`npm run bench -- store horizon`).
 */
const statementNames = { readSettled: 'oj-event-store-read-settled', settledHead: 'oj-event-store-settled-head' };

/**
 * Reads committed events after a position, in position order, never beyond the oldest transaction still
 * open here: its events (and those of anything that started later) would land below rows we had already handed
 * out. One statement, so the horizon and the rows come from the same snapshot.
 */
export async function readSettled(pool: pg.Pool, options: SettledReadOptions): Promise<SettledRead> {
  const { rows } = await pool.query<StoredEventRow & { horizon: string }>({
    name: statementNames.readSettled,
    text: `WITH horizon AS (SELECT ${settledHorizon} AS position)
     SELECT horizon.position AS horizon, e.*
     FROM horizon LEFT JOIN LATERAL (
       SELECT ${eventColumns} FROM event_store.events
       WHERE position > $1 AND position < horizon.position
         AND ($2::bigint IS NULL OR position <= $2)
         AND ($3::text[] IS NULL OR event_type = ANY($3))
       ORDER BY position
       LIMIT $4) e ON true
     ORDER BY e.position`,
    values: [options.after.toString(), options.upTo?.toString() ?? null, options.eventTypes ?? null, options.maxCount],
  });
  const horizon = BigInt(rows[0]?.horizon ?? 0);
  const events = rows.filter((row) => row.position !== null).map(toRecordedEvent);
  return { events, horizon };
}

export async function readStreamEvents(pool: pg.Pool, stream: string): Promise<readonly RecordedEvent[]> {
  const { rows } = await pool.query<StoredEventRow>(
    `SELECT ${eventColumns} FROM event_store.events WHERE stream = $1 ORDER BY revision`,
    [stream],
  );
  return rows.map(toRecordedEvent);
}

export async function settledHeadPosition(pool: pg.Pool): Promise<bigint> {
  const { rows } = await pool.query<{ position: string | null }>({
    name: statementNames.settledHead,
    text: `SELECT max(position) AS position FROM event_store.events WHERE position < ${settledHorizon}`,
  });
  return BigInt(rows[0]?.position ?? 0);
}

/** Whether some committed-or-in-flight event lies at or beyond a position (the subscriber then re-polls soon). */
export async function hasEventsFrom(pool: pg.Pool, position: bigint): Promise<boolean> {
  const { rows } = await pool.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM event_store.events WHERE position >= $1) AS found',
    [position.toString()],
  );
  return rows[0]?.found ?? false;
}
