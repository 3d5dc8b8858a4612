import pg from 'pg';
import type { EventStore, ReadAllOptions, RecordedEvent } from '../event-store';
import { parseNewEvents } from '../new-event.schema';
import { createAppendListener } from './append-listener';
import { createAppendNotifier } from './append-notifier';
import { appendAlone, appendGroup, maxBatchSize } from './append-to-stream';
import { ensureEventStoreSchema } from './event-store-schema';
import { createGroupCommit } from './group-commit';
import { subscribeToSettledEvents } from './postgres-subscription';
import { readSettled, readStreamEvents, settledHeadPosition } from './read-events';

export interface PostgresEventStoreOptions {
  readonly connectionString: string;
  /** Connections for appends and reads; subscriptions share one more for LISTEN. */
  readonly maxConnections?: number;
  /**
   * Append transactions open at once (group commit, group-commit.ts); appends beyond them wait and go out together.
   * Default: all connections but two (kept for reads and NOTIFY), so appends group only once that many are in
   * flight. `npm run bench -- store` on the shared VM (load 13–21, 7 rounds): 8 writers of single events with 2 in
   * flight ran at 334/s, with 8 at 700/s, bare pg 994/s (docs/events-store.md, "Append and replay cost").
   */
  readonly appendsInFlight?: number;
}

/** A group stops growing at this many events: a larger statement only delays its first writer's answer. */
const maxGroupEvents = 10_000;
/** Appends of more events than this are not grouped (group-commit.ts). */
const maxGroupedAppendEvents = 16;

const pageSize = 5_000;

/** The default store: one table in schema event_store of the given database (created on first use). */
export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  const maxConnections = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: maxConnections,
    application_name: 'oj-event-store',
    // A settled read's upper bound is the snapshot horizon, an expression the planner cannot estimate: on a table
    // without statistics yet (a new or restored store) it chose a bitmap scan of the whole tail and a sort for
    // every page, so a replay from 0 read the table once per page. Every query of the store is served best by a
    // plain index scan (docs/events-store.md, "Append and replay cost").
    options: '-c enable_bitmapscan=off',
  });
  pool.on('error', (error) => {
    console.error(`event store pool: idle client error: ${error.message}`);
  });
  // pg-pool listens for 'error' only on idle clients: a server dying under a checked-out one (an append's
  // transaction) must fail that query, not crash the process (issue 14).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  await ensureEventStoreSchema(pool);
  const listener = createAppendListener(options.connectionString);
  const notifier = createAppendNotifier(pool);
  const lifetime = new AbortController();
  const groupCommit = createGroupCommit(
    {
      appendGroup: (appends) => appendGroup(pool, appends),
      appendAlone: (append) => appendAlone(pool, append),
    },
    {
      maxInFlight: options.appendsInFlight ?? Math.max(1, maxConnections - 2),
      maxGroupEvents,
      maxGroupedAppendEvents,
    },
  );

  return {
    async append(stream, events, appendOptions) {
      if (events.length > maxBatchSize) throw new RangeError(`a batch holds at most ${maxBatchSize} events`);
      const result = await groupCommit({
        stream,
        events: parseNewEvents(events),
        expectedRevision: appendOptions?.expectedRevision ?? 'any',
      });
      notifier.notify();
      return result;
    },
    readStream: (stream) => readStreamEvents(pool, stream),
    readAll: (readOptions: ReadAllOptions = {}) => readAllPages(pool, readOptions),
    subscribeAll: (subscribeOptions = {}) =>
      subscribeToSettledEvents({ pool, listener, storeSignal: lifetime.signal }, subscribeOptions),
    headPosition: () => settledHeadPosition(pool),
    async close() {
      lifetime.abort();
      await notifier.close();
      await listener.close();
      await pool.end();
    },
  };
}

/** Without maxCount, readAll means all of it: page through rather than truncate silently. */
async function readAllPages(pool: pg.Pool, options: ReadAllOptions): Promise<readonly RecordedEvent[]> {
  const collected: RecordedEvent[] = [];
  let after = options.fromPosition ?? 0n;
  for (;;) {
    const wanted = options.maxCount === undefined ? pageSize : Math.min(pageSize, options.maxCount - collected.length);
    if (wanted <= 0) return collected;
    const { events } = await readSettled(pool, {
      after,
      maxCount: wanted,
      ...(options.upTo === undefined ? {} : { upTo: options.upTo }),
    });
    collected.push(...events);
    const last = events.at(-1);
    if (events.length < wanted || !last) return collected;
    after = last.position;
  }
}
