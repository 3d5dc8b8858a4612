import type pg from 'pg';
import type { AppendResult, ExpectedRevision, NewEvent } from '../event-store';
import { PartialDuplicateAppendError, WrongExpectedRevisionError } from '../errors';
import { appendedChannel, eventStoreLockClass } from './event-store-schema';

/** Positions leave 20 bits per transaction for the batch index (docs/events-store.md). */
export const maxBatchSize = 1 << 20;

interface StoredIdRow {
  event_id: string;
  stream: string;
  revision: string;
  position: string;
}

/**
 * Appends one batch in one transaction. Appends to a stream are serialised by an advisory lock on its
 * name, so the revision check cannot race; appends to different streams run in parallel.
 */
export async function appendToStream(
  pool: pg.Pool,
  stream: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length > maxBatchSize) throw new RangeError(`a batch holds at most ${maxBatchSize} events`);
  try {
    return await appendOnce(pool, stream, events, expectedRevision);
  } catch (error) {
    // The same id went into another stream concurrently; the second look sees it and answers properly.
    if (isUniqueViolation(error, 'events_event_id_key')) return appendOnce(pool, stream, events, expectedRevision);
    throw error;
  }
}

async function appendOnce(
  pool: pg.Pool,
  stream: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [eventStoreLockClass.stream, stream]);
    const duplicate = await findAlreadyStored(client, stream, events);
    if (duplicate) {
      await client.query('ROLLBACK');
      return duplicate;
    }
    const current = await currentRevision(client, stream);
    checkExpectedRevision(stream, expectedRevision, current);
    const result =
      events.length === 0
        ? await emptyAppendResult(client, stream, current)
        : await insertBatch(client, stream, events, current);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Exactly this batch already stored: the retry is a no-op with the original result. Any other overlap is an error. */
async function findAlreadyStored(
  client: pg.PoolClient,
  stream: string,
  events: readonly NewEvent[],
): Promise<AppendResult | undefined> {
  if (events.length === 0) return undefined;
  const { rows } = await client.query<StoredIdRow>(
    'SELECT event_id, stream, revision, position FROM event_store.events WHERE event_id = ANY($1::uuid[]) ORDER BY position',
    [events.map((event) => event.id)],
  );
  if (rows.length === 0) return undefined;
  const last = rows.at(-1);
  const isSameBatch =
    rows.length === events.length &&
    rows.every((row, index) => row.stream === stream && row.event_id === events[index]?.id.toLowerCase()) &&
    rows.every((row, index) => index === 0 || BigInt(row.revision) === BigInt(rows[index - 1]?.revision ?? -2) + 1n);
  if (!isSameBatch || !last) throw new PartialDuplicateAppendError(stream);
  return { nextExpectedRevision: BigInt(last.revision), position: BigInt(last.position) };
}

async function currentRevision(client: pg.PoolClient, stream: string): Promise<bigint | undefined> {
  const { rows } = await client.query<{ revision: string | null }>(
    'SELECT max(revision) AS revision FROM event_store.events WHERE stream = $1',
    [stream],
  );
  const revision = rows[0]?.revision;
  return revision === null || revision === undefined ? undefined : BigInt(revision);
}

export function checkExpectedRevision(stream: string, expected: ExpectedRevision, current: bigint | undefined): void {
  const isMatch =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'stream_exists' && current !== undefined) ||
    (typeof expected === 'bigint' && current === expected);
  if (!isMatch) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no_stream');
}

async function insertBatch(
  client: pg.PoolClient,
  stream: string,
  events: readonly NewEvent[],
  current: bigint | undefined,
): Promise<AppendResult> {
  const firstRevision = current === undefined ? 0n : current + 1n;
  const { rows } = await client.query<{ position: string }>(
    `WITH inserted AS (
       INSERT INTO event_store.events (position, stream, revision, event_id, event_type, data, metadata)
       SELECT (pg_current_xact_id()::text::bigint << 20) + batch.index - 1, $1, $2::bigint + batch.index - 1,
              batch.event_id, batch.event_type, batch.data, batch.metadata
       FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY
            AS batch(event_id, event_type, data, metadata, index)
       RETURNING position)
     SELECT max(position) AS position, pg_notify($7, '') FROM inserted`,
    [
      stream,
      firstRevision.toString(),
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data ?? null)),
      events.map((event) => JSON.stringify(event.metadata ?? {})),
      appendedChannel,
    ],
  );
  const position = rows[0]?.position;
  if (position === undefined) throw new Error(`stream ${stream}: the insert returned no position`);
  return { nextExpectedRevision: firstRevision + BigInt(events.length) - 1n, position: BigInt(position) };
}

async function emptyAppendResult(
  client: pg.PoolClient,
  stream: string,
  current: bigint | undefined,
): Promise<AppendResult> {
  const { rows } = await client.query<{ position: string | null }>(
    'SELECT max(position) AS position FROM event_store.events WHERE stream = $1',
    [stream],
  );
  return { nextExpectedRevision: current ?? -1n, position: BigInt(rows[0]?.position ?? 0) };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
