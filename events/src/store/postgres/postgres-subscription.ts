import type pg from 'pg';
import type { RecordedEvent, SubscribeAllOptions, Subscription } from '../event-store';
import type { AppendListener } from './append-listener';
import { hasEventsFrom, readSettled } from './read-events';

const batchSize = 500;
/** Nothing pending: NOTIFY wakes us; this slow poll only covers a lost listener connection. */
const idlePollMs = 1000;
/** Events exist but an older transaction is still open: re-check soon, backing off while it stays open. */
const firstPendingPollMs = 5;
const maxPendingPollMs = 250;

export interface PostgresSubscriptionDeps {
  readonly pool: pg.Pool;
  readonly listener: AppendListener;
  /** The store's own signal: closing the store ends every subscription. */
  readonly storeSignal: AbortSignal;
}

export function subscribeToSettledEvents(deps: PostgresSubscriptionDeps, options: SubscribeAllOptions): Subscription {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  deps.storeSignal.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted || deps.storeSignal.aborted) stop();
  const iterator = follow(deps, options, controller.signal);
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      stop();
      options.signal?.removeEventListener('abort', stop);
      deps.storeSignal.removeEventListener('abort', stop);
    },
  };
}

async function* follow(
  deps: PostgresSubscriptionDeps,
  options: SubscribeAllOptions,
  signal: AbortSignal,
): AsyncGenerator<RecordedEvent, void, undefined> {
  let after = options.fromPosition ?? 0n;
  let pendingPollMs = firstPendingPollMs;
  while (!signal.aborted) {
    await deps.listener.ensureListening();
    const seenVersion = deps.listener.version();
    const read = await readUnlessClosed(
      () =>
        readSettled(deps.pool, {
          after,
          maxCount: batchSize,
          ...(options.upTo === undefined ? {} : { upTo: options.upTo }),
          ...(options.eventTypes === undefined ? {} : { eventTypes: options.eventTypes }),
        }),
      signal,
    );
    if (!read) return;
    const { events, horizon } = read;
    for (const event of events) {
      if (signal.aborted) return;
      yield event;
      after = event.position;
    }
    if (events.length === batchSize) continue;
    // The read was not cut short, so everything settled up to the horizon (or upTo) has been delivered.
    const considered = options.upTo !== undefined && options.upTo < horizon - 1n ? options.upTo : horizon - 1n;
    if (considered > after) after = considered;
    if (options.upTo !== undefined && after >= options.upTo) return;
    if (events.length > 0) pendingPollMs = firstPendingPollMs;
    const isPending = await readUnlessClosed(() => hasEventsFrom(deps.pool, after + 1n), signal);
    if (isPending === undefined) return;
    await deps.listener.waitForChange(seenVersion, isPending ? pendingPollMs : idlePollMs, signal);
    if (isPending) pendingPollMs = Math.min(pendingPollMs * 2, maxPendingPollMs);
  }
}

/** A query cut off by closing the subscription (or the store) ends the iteration quietly; other failures surface. */
async function readUnlessClosed<T>(read: () => Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
}
