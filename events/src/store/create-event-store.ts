import type { EventStore } from './event-store';
import { createPostgresEventStore } from './postgres/postgres-event-store';

export interface EventStoreSettings {
  /** The read-model database; also the default event store. */
  readonly databaseUrl: string;
  /** EVENTSTORE_URL: kurrentdb://… or esdb://… selects KurrentDB, postgres://… another Postgres; unset means databaseUrl. */
  readonly eventStoreUrl?: string | undefined;
}

export type EventStoreChoice = { readonly kind: 'postgres' | 'kurrentdb'; readonly url: string };

const kurrentSchemes = /^(?:kurrentdb|kurrent|kdb|esdb)(?:\+discover)?:\/\//i;
const postgresSchemes = /^postgres(?:ql)?:\/\//i;

export function chooseEventStore(settings: EventStoreSettings): EventStoreChoice {
  const url = settings.eventStoreUrl?.trim();
  if (!url) return { kind: 'postgres', url: settings.databaseUrl };
  if (kurrentSchemes.test(url)) return { kind: 'kurrentdb', url };
  if (postgresSchemes.test(url)) return { kind: 'postgres', url };
  throw new Error(`EVENTSTORE_URL must start with kurrentdb://, esdb:// or postgres:// (got ${url.split(':')[0]}:…)`);
}

/** The KurrentDB adapter, and with it the client, is loaded only when chosen (`loadKurrentDb`). */
export async function createEventStore(settings: EventStoreSettings): Promise<EventStore> {
  const choice = chooseEventStore(settings);
  if (choice.kind === 'postgres') return createPostgresEventStore({ connectionString: choice.url });
  const { createKurrentDbEventStore } = await import('./kurrentdb/kurrentdb-event-store');
  return createKurrentDbEventStore(choice.url);
}
