import type { EventStore } from '@oj/events';
// A stop-gap until @oj/events exports createEventStore (being written by the event-store engineer).
import { createPostgresEventStore } from '../../../../events/src/store/postgres/postgres-event-store';

/** The event store the judge reads and appends to: Postgres at DATABASE_URL unless EVENTSTORE_URL names another. */
export function openEventStore(options: {
  databaseUrl: string;
  eventStoreUrl?: string | undefined;
}): Promise<EventStore> {
  return createPostgresEventStore({ connectionString: options.eventStoreUrl ?? options.databaseUrl });
}
