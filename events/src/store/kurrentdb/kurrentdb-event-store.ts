import type { AllStreamResolvedEvent, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { EventStore, ReadAllOptions, RecordedEvent, SubscribeAllOptions, Subscription } from '../event-store';
import { parseNewEvents } from '../new-event.schema';
import { loadKurrentDb, type KurrentDb } from './kurrentdb-client';
import {
  exactTypesRegex,
  findRetriedBatch,
  fromKurrentEvent,
  isUserEvent,
  kurrentValueMappings,
  toStreamState,
} from './kurrentdb-mapping';

/** How far back an append looks for its own ids: a retry follows its first attempt closely. */
const retryWindow = 64;

/** KurrentDB/EventStoreDB through its gRPC client, chosen by EVENTSTORE_URL (kurrentdb://… or esdb://…). */
export async function createKurrentDbEventStore(connectionString: string): Promise<EventStore> {
  const kurrent = await loadKurrentDb();
  const { BACKWARDS, END, FORWARDS, StreamNotFoundError, excludeSystemEvents } = kurrent;
  const { toAppendError, toEventData, toReadPosition } = kurrentValueMappings(kurrent);
  const client = kurrent.KurrentDBClient.connectionString(connectionString);

  async function readTail(stream: string, count: number): Promise<RecordedEvent[]> {
    const tail: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: count,
      })) {
        if (resolved.event) tail.unshift(fromKurrentEvent(resolved.event));
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return tail;
  }

  const store: EventStore = {
    async append(stream, events, options) {
      const batch = parseNewEvents(events);
      const expected = options?.expectedRevision ?? 'any';
      const retried = findRetriedBatch(stream, batch, await readTail(stream, Math.max(retryWindow, batch.length * 2)));
      if (retried) return retried;
      try {
        const result = await client.appendToStream(stream, batch.map(toEventData), {
          streamState: toStreamState(expected),
        });
        return { nextExpectedRevision: result.nextExpectedRevision, position: result.position?.commit ?? 0n };
      } catch (error) {
        throw toAppendError(error, stream, expected);
      }
    },
    async readStream(stream) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(stream, { direction: FORWARDS })) {
          if (resolved.event) events.push(fromKurrentEvent(resolved.event));
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
      return events;
    },
    async readAll(options: ReadAllOptions = {}) {
      const events: RecordedEvent[] = [];
      const reads = client.readAll({
        direction: FORWARDS,
        fromPosition: toReadPosition(options.fromPosition),
        filter: excludeSystemEvents(),
      });
      for await (const resolved of reads) {
        const event = userEvent(resolved, options.fromPosition);
        if (!event) continue;
        if (options.upTo !== undefined && event.position > options.upTo) break;
        events.push(event);
        if (options.maxCount !== undefined && events.length >= options.maxCount) break;
      }
      return events;
    },
    subscribeAll: (options = {}) => subscribe(kurrent, client, options, store),
    async headPosition() {
      for await (const resolved of client.readAll({
        direction: BACKWARDS,
        fromPosition: END,
        maxCount: 1,
        filter: excludeSystemEvents(),
      })) {
        if (resolved.event) return resolved.event.position.commit;
      }
      return 0n;
    },
    close: () => client.dispose(),
  };
  return store;
}

/** Reads from a position include the event at it; ours are exclusive, so that one is dropped here. */
function userEvent(resolved: AllStreamResolvedEvent, after: bigint | undefined): RecordedEvent | undefined {
  if (!resolved.event || !isUserEvent(resolved.event)) return undefined;
  const event = fromKurrentEvent(resolved.event);
  return after !== undefined && event.position <= after ? undefined : event;
}

function subscribe(
  kurrent: KurrentDb,
  client: KurrentDBClient,
  options: SubscribeAllOptions,
  store: EventStore,
): Subscription {
  if (options.upTo !== undefined) return boundedSubscription(store, options);
  const filter = options.eventTypes
    ? kurrent.eventTypeFilter({ regex: exactTypesRegex(options.eventTypes) })
    : kurrent.excludeSystemEvents();
  const { toReadPosition } = kurrentValueMappings(kurrent);
  const subscription = client.subscribeToAll({ fromPosition: toReadPosition(options.fromPosition), filter });
  const close = async (): Promise<void> => {
    options.signal?.removeEventListener('abort', onAbort);
    await subscription.unsubscribe();
  };
  const onAbort = (): void => void close().catch(() => undefined);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  async function* follow(): AsyncGenerator<RecordedEvent, void, undefined> {
    try {
      for await (const resolved of subscription) {
        const event = userEvent(resolved, options.fromPosition);
        if (!event) continue;
        if (options.upTo !== undefined && event.position > options.upTo) return;
        yield event;
        if (options.upTo !== undefined && event.position === options.upTo) return;
      }
    } finally {
      await close();
    }
  }
  const iterator = follow();
  return { [Symbol.asyncIterator]: () => iterator, close };
}

/** A subscription that stops at upTo is a read of the past: page through readAll instead of waiting live. */
function boundedSubscription(store: EventStore, options: SubscribeAllOptions): Subscription {
  let isClosed = false;
  const wanted = options.eventTypes ? new Set(options.eventTypes) : undefined;
  async function* replay(): AsyncGenerator<RecordedEvent, void, undefined> {
    let after = options.fromPosition;
    while (!isClosed && !options.signal?.aborted) {
      const page = await store.readAll({
        ...(after === undefined ? {} : { fromPosition: after }),
        upTo: options.upTo,
        maxCount: 500,
      });
      for (const event of page) {
        if (isClosed || options.signal?.aborted) return;
        if (!wanted || wanted.has(event.type)) yield event;
        after = event.position;
      }
      if (page.length < 500) return;
    }
  }
  const iterator = replay();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      isClosed = true;
    },
  };
}
