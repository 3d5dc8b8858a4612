import type pg from 'pg';
import type { AppendResult, ExpectedRevision, NewEvent } from '../event-store';
import { PartialDuplicateAppendError, WrongExpectedRevisionError } from '../errors';

/** Positions leave 20 bits per transaction for the index inside it (docs/events-store.md). */
export const maxBatchSize = 1 << 20;

/** One caller's append: one batch to one stream, with its expected revision. */
export interface StreamAppend {
  readonly stream: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
}

/** What one append of a group got: its result, or the error its caller sees; the others are not affected. */
export type AppendOutcome =
  { readonly isAppended: true; readonly result: AppendResult } | { readonly isAppended: false; readonly error: Error };

interface AppendRow {
  o_outcome: 'appended' | 'duplicate' | 'partial_duplicate' | 'wrong_revision';
  o_revision: string | null;
  o_position: string | null;
}

/**
 * A named (prepared) statement: parsed and planned once per connection. The events of all appends are laid out
 * flat and p_sizes cuts them back (event_store.append_group, event-store-schema.ts).
 */
const appendGroupStatement = {
  name: 'event_store_append_group',
  text: 'SELECT o_outcome, o_revision, o_position FROM event_store.append_group($1, $2, $3, $4, $5, $6, $7)',
};

/**
 * Appends a group in one statement, so one transaction: every append is checked on its own and answered on its
 * own; the group's rows commit together (one WAL flush). A statement error (a connection lost, the same event id
 * racing into another stream) rejects the whole group, and nothing of it was written.
 */
export async function appendGroup(pool: pg.Pool, appends: readonly StreamAppend[]): Promise<readonly AppendOutcome[]> {
  const events = appends.flatMap((append) => append.events);
  if (events.length > maxBatchSize) throw new RangeError(`a transaction holds at most ${maxBatchSize} events`);
  const { rows } = await pool.query<AppendRow>({
    ...appendGroupStatement,
    values: [
      appends.map((append) => append.stream),
      appends.map((append) => append.expectedRevision.toString()),
      appends.map((append) => append.events.length),
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data ?? null)),
      events.map((event) => JSON.stringify(event.metadata ?? {})),
    ],
  });
  if (rows.length !== appends.length)
    throw new Error(`a group of ${appends.length} appends got ${rows.length} answers`);
  return appends.map((append, index) => outcomeOf(append, rows[index] as AppendRow));
}

function outcomeOf(append: StreamAppend, row: AppendRow): AppendOutcome {
  const revision = row.o_revision === null ? undefined : BigInt(row.o_revision);
  switch (row.o_outcome) {
    case 'partial_duplicate':
      return { isAppended: false, error: new PartialDuplicateAppendError(append.stream) };
    case 'wrong_revision':
      return {
        isAppended: false,
        error: new WrongExpectedRevisionError(append.stream, append.expectedRevision, revision ?? 'no_stream'),
      };
    default:
      return {
        isAppended: true,
        result: { nextExpectedRevision: revision ?? -1n, position: BigInt(row.o_position ?? 0) },
      };
  }
}

/** One append in a transaction of its own: what a group falls back to when its statement failed. */
export async function appendAlone(pool: pg.Pool, append: StreamAppend): Promise<AppendResult> {
  const outcome = await appendAloneOnce(pool, append).catch((error: unknown) => {
    // The same id went into another stream concurrently; the second look sees it and answers properly.
    if (isUniqueViolation(error, 'events_event_id_key')) return appendAloneOnce(pool, append);
    throw error;
  });
  if (!outcome.isAppended) throw outcome.error;
  return outcome.result;
}

async function appendAloneOnce(pool: pg.Pool, append: StreamAppend): Promise<AppendOutcome> {
  const [outcome] = await appendGroup(pool, [append]);
  if (!outcome) throw new Error(`stream ${append.stream}: the append returned nothing`);
  return outcome;
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
