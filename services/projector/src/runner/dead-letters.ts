import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';

/** An event a projection set aside instead of applying it (F5), and why. */
export interface QuarantinedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly position: bigint;
  readonly error: string;
}

/** Enough to see what went wrong; the whole event stays in the store. */
const maxErrorCodePoints = 4000;

/** Cut on code points (a split surrogate pair cannot be stored), without NULs (Postgres text refuses them). */
export function errorTextOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return Array.from(text.replaceAll('\u0000', '\uFFFD')).slice(0, maxErrorCodePoints).join('');
}

/**
 * Records the quarantine in the projection's transaction, so it commits with the checkpoint that moves past the
 * event. Qualified with public: a rebuild's search_path must not hide it. A second meeting (a rebuild, a
 * duplicate delivery) keeps one row with the latest time and error: a rebuild clears the rows older than itself,
 * so an event that still fails stays quarantined and one that now applies does not.
 */
export async function quarantineEvent(
  transaction: Kysely<Database>,
  projection: string,
  event: RecordedEvent,
  error: string,
): Promise<QuarantinedEvent> {
  await transaction
    .withSchema('public')
    .insertInto('projection_dead_letters')
    .values({
      projection,
      event_id: event.id,
      position: event.position,
      stream: event.stream,
      event_type: event.type,
      error,
    })
    .onConflict((conflict) =>
      conflict.columns(['projection', 'event_id']).doUpdateSet({ error, quarantined_at: sql<Date>`now()` }),
    )
    .execute();
  return { eventId: event.id, type: event.type, position: event.position, error };
}

/** The database's clock, as text (microseconds kept): when a rebuild began, to clear what it did not meet again. */
export async function databaseNow(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ now: string }>`SELECT now()::text AS now`.execute(db);
  return rows[0]?.now ?? '-infinity';
}

/** In a rebuild's swap: the projection's quarantines older than the rebuild are of events it applied. */
export async function clearDeadLettersBefore(
  transaction: Kysely<Database>,
  projection: string,
  startedAt: string,
): Promise<void> {
  await transaction
    .withSchema('public')
    .deleteFrom('projection_dead_letters')
    .where('projection', '=', projection)
    .where('quarantined_at', '<', sql<Date>`${startedAt}::timestamptz`)
    .execute();
}
