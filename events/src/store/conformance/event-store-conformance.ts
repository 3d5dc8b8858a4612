import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent, Subscription } from '../event-store';
import { PartialDuplicateAppendError, WrongExpectedRevisionError } from '../errors';

export interface ConformanceTarget {
  /** A store with no events that other tests could see (fresh database or unique stream prefix). */
  create(): Promise<EventStore>;
  /** Why the suite cannot run here, or undefined when it can. */
  readonly skipReason?: string;
  /** False where the engine only catches a repeated id inside the same stream (KurrentDB). */
  readonly hasStoreWideEventIds?: boolean;
}

const anEvent = (type = 'ThingHappened', data: unknown = { n: 1 }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: 'c-1' },
});

async function take(subscription: Subscription, count: number): Promise<RecordedEvent[]> {
  const taken: RecordedEvent[] = [];
  if (count === 0) return taken;
  for await (const event of subscription) {
    taken.push(event);
    if (taken.length === count) break;
  }
  return taken;
}

/** What each group of the suite's tests reads: the store under test (set in beforeAll) and a unique stream name. */
interface SuiteContext {
  readonly store: EventStore;
  readonly target: ConformanceTarget;
  /** Each test writes its own streams; stream names stay unique even against a shared server. */
  stream(label: string): string;
}

/** The one suite every EventStore implementation must pass (DESIGN.md "Event store", shared semantics). */
export function describeEventStoreConformance(name: string, target: ConformanceTarget): void {
  const title = `EventStore conformance: ${name}${target.skipReason ? ` (skipped: ${target.skipReason})` : ''}`;
  describe.skipIf(target.skipReason !== undefined)(title, () => {
    let store: EventStore;
    const suite: SuiteContext = {
      get store() {
        return store;
      },
      target,
      stream: (label) => `conformance-${label}-${randomUUID().slice(0, 8)}`,
    };
    beforeAll(async () => {
      store = await target.create();
    });
    afterAll(async () => {
      await store.close();
    });
    itAppendsWithRevisionsAndIds(suite);
    itReadsAndFollowsAll(suite);
    itDeliversConcurrentAppendsExactlyOnce(suite);
  });
}

/** Revisions, expected revisions, the race between two writers, and idempotent retries. */
function itAppendsWithRevisionsAndIds(suite: SuiteContext): void {
  it('appends to a stream with revisions from 0 and reads them back in order', async () => {
    const name = suite.stream('read');
    const first = await suite.store.append(name, [anEvent('A'), anEvent('B')], { expectedRevision: 'no_stream' });
    const second = await suite.store.append(name, [anEvent('C')], { expectedRevision: first.nextExpectedRevision });
    expect(first.nextExpectedRevision).toBe(1n);
    expect(second.nextExpectedRevision).toBe(2n);
    expect(second.position).toBeGreaterThan(first.position);
    const events = await suite.store.readStream(name);
    expect(events.map((event) => [event.type, event.revision])).toEqual([
      ['A', 0n],
      ['B', 1n],
      ['C', 2n],
    ]);
    expect(events[0]).toMatchObject({ stream: name, data: { n: 1 }, metadata: { correlationId: 'c-1' } });
    expect(Number.isNaN(Date.parse(events[0]?.recordedAt ?? ''))).toBe(false);
    expect(await suite.store.readStream(suite.stream('missing'))).toEqual([]);
  });

  it('rejects an append whose expected revision does not match, with a typed error', async () => {
    const name = suite.stream('conflict');
    await expect(suite.store.append(name, [anEvent()], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await expect(suite.store.append(name, [anEvent()], { expectedRevision: 0n })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await suite.store.append(name, [anEvent()], { expectedRevision: 'no_stream' });
    await expect(suite.store.append(name, [anEvent()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    const stale = suite.store.append(name, [anEvent()], { expectedRevision: 5n });
    await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 0n });
    await suite.store.append(name, [anEvent()], { expectedRevision: 'stream_exists' });
    await suite.store.append(name, [anEvent()], { expectedRevision: 'any' });
    expect((await suite.store.readStream(name)).map((event) => event.revision)).toEqual([0n, 1n, 2n]);
  });

  it('lets exactly one of two writers with the same expected revision win', async () => {
    const name = suite.stream('race');
    const base = await suite.store.append(name, [anEvent()]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        suite.store.append(name, [anEvent()], { expectedRevision: base.nextExpectedRevision }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await suite.store.readStream(name)).toHaveLength(2);
  });

  it('treats a retried batch as a no-op with the same result, and rejects a partial overlap', async () => {
    const name = suite.stream('idempotent');
    const batch = [anEvent('A'), anEvent('B')];
    const first = await suite.store.append(name, batch, { expectedRevision: 'no_stream' });
    const retried = await suite.store.append(name, batch, { expectedRevision: 'no_stream' });
    expect(retried).toEqual(first);
    expect(await suite.store.readStream(name)).toHaveLength(2);
    await expect(suite.store.append(name, [batch[1] ?? anEvent(), anEvent('C')])).rejects.toBeInstanceOf(
      PartialDuplicateAppendError,
    );
    if (suite.target.hasStoreWideEventIds !== false) {
      const elsewhere = suite.store.append(suite.stream('elsewhere'), [batch[0] ?? anEvent()]);
      await expect(elsewhere).rejects.toBeInstanceOf(PartialDuplicateAppendError);
    }
    expect(await suite.store.readStream(name)).toHaveLength(2);
  });
}

/** readAll's bounds and subscribeAll's catch-up, live following, type filter, upTo and abort. */
function itReadsAndFollowsAll(suite: SuiteContext): void {
  it('reads $all after a position (exclusive), up to a position (inclusive), at most maxCount', async () => {
    const start = await suite.store.headPosition();
    const name = suite.stream('all');
    const appended: bigint[] = [];
    for (const type of ['A', 'B', 'C', 'D']) appended.push((await suite.store.append(name, [anEvent(type)])).position);
    const mine = (events: readonly RecordedEvent[]): string[] =>
      events.filter((event) => event.stream === name).map((event) => event.type);
    expect(mine(await suite.store.readAll({ fromPosition: start }))).toEqual(['A', 'B', 'C', 'D']);
    expect(mine(await suite.store.readAll({ fromPosition: appended[0] }))).toEqual(['B', 'C', 'D']);
    expect(mine(await suite.store.readAll({ fromPosition: appended[0], upTo: appended[2] }))).toEqual(['B', 'C']);
    const limited = await suite.store.readAll({ fromPosition: appended[0], maxCount: 2 });
    expect(limited).toHaveLength(2);
    expect(await suite.store.headPosition()).toBeGreaterThanOrEqual(appended[3] ?? 0n);
  });

  it('catches up from a position, then follows live appends, filtered by event type', async () => {
    const name = suite.stream('follow');
    const before = await suite.store.append(name, [anEvent('Skipped'), anEvent('Wanted', { n: 1 })]);
    const from = (await suite.store.readStream(name))[0]?.position;
    const subscription = suite.store.subscribeAll({ fromPosition: from, eventTypes: ['Wanted'] });
    const received = take(subscription, 3);
    await suite.store.append(name, [anEvent('Other'), anEvent('Wanted', { n: 2 })], {
      expectedRevision: before.nextExpectedRevision,
    });
    await suite.store.append(name, [anEvent('Wanted', { n: 3 })]);
    const events = (await received).filter((event) => event.stream === name);
    expect(events.map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await subscription.close();
  });

  it('stops a subscription at upTo, and when its signal aborts', async () => {
    const name = suite.stream('stop');
    const start = await suite.store.headPosition();
    const { position } = await suite.store.append(name, [anEvent(), anEvent()]);
    await suite.store.append(name, [anEvent()]);
    const bounded: RecordedEvent[] = [];
    for await (const event of suite.store.subscribeAll({ fromPosition: start, upTo: position })) bounded.push(event);
    expect(bounded.filter((event) => event.stream === name)).toHaveLength(2);

    const controller = new AbortController();
    const live = suite.store.subscribeAll({
      fromPosition: await suite.store.headPosition(),
      signal: controller.signal,
    });
    const drained = (async () => {
      const seen: RecordedEvent[] = [];
      for await (const event of live) seen.push(event);
      return seen;
    })();
    controller.abort();
    expect(await drained).toEqual([]);
  });
}

function itDeliversConcurrentAppendsExactlyOnce(suite: SuiteContext): void {
  it('delivers every event exactly once, in strictly increasing positions, to a subscriber following 8 concurrent writers × 1,000 events', async () => {
    const writers = 8;
    const perWriter = 1000;
    const start = await suite.store.headPosition();
    const prefix = suite.stream('load');
    const subscription = suite.store.subscribeAll({ fromPosition: start });
    const received = take(subscription, writers * perWriter);
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let appended = 0; appended < perWriter;) {
          // Mixed batch sizes and a shared stream make commits interleave in every way.
          const size = Math.min(1 + ((appended + writer) % 3), perWriter - appended);
          const target = appended % 5 === 0 ? `${prefix}-shared` : `${prefix}-${writer}`;
          await suite.store.append(
            target,
            Array.from({ length: size }, () => anEvent('Load', { writer })),
          );
          appended += size;
        }
      }),
    );
    const events = await received;
    await subscription.close();
    expect(new Set(events.map((event) => event.id)).size).toBe(writers * perWriter);
    expect(events.every((event) => event.stream.startsWith(prefix))).toBe(true);
    expect(events.every((event, index) => index === 0 || event.position > (events[index - 1]?.position ?? 0n))).toBe(
      true,
    );
    const replayed = await suite.store.readAll({ fromPosition: start });
    expect(replayed.map((event) => event.id)).toEqual(events.map((event) => event.id));
  });
}
