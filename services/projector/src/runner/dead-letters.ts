import type { Kysely } from 'kysely';
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
 * duplicate delivery) keeps the first row.
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
    .onConflict((conflict) => conflict.columns(['projection', 'event_id']).doNothing())
    .execute();
  return { eventId: event.id, type: event.type, position: event.position, error };
}
