import type pg from 'pg';
import type { AppendResult, ExpectedRevision, NewEvent } from '../event-store';
import { PartialDuplicateAppendError, WrongExpectedRevisionError } from '../errors';

/** Positions leave 20 bits per transaction for the batch index (docs/events-store.md). */
export const maxBatchSize = 1 << 20;

interface AppendRow {
  o_outcome: 'appended' | 'duplicate' | 'partial_duplicate' | 'wrong_revision';
  o_revision: string | null;
  o_position: string | null;
}

/**
 * Appends one batch in one transaction: one call of event_store.append_to_stream (event-store-schema.ts), which
 * serialises appends to a stream by an advisory lock on its name, so the revision check cannot race; appends
 * to different streams run in parallel.
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
  const { rows } = await pool.query<AppendRow>(
    'SELECT o_outcome, o_revision, o_position FROM event_store.append_to_stream($1, $2, $3, $4, $5, $6)',
    [
      stream,
      expectedRevision.toString(),
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data ?? null)),
      events.map((event) => JSON.stringify(event.metadata ?? {})),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`stream ${stream}: the append returned nothing`);
  const revision = row.o_revision === null ? undefined : BigInt(row.o_revision);
  switch (row.o_outcome) {
    case 'partial_duplicate':
      throw new PartialDuplicateAppendError(stream);
    case 'wrong_revision':
      throw new WrongExpectedRevisionError(stream, expectedRevision, revision ?? 'no_stream');
    default:
      return { nextExpectedRevision: revision ?? -1n, position: BigInt(row.o_position ?? 0) };
  }
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
