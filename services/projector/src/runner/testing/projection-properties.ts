import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import { applyBatch, applyEvents } from '../apply-batch';
import type { Projection } from '../projection';
import { truncateTables, type ProjectionTestbed, type TestEvent } from './projection-testbed';

/** Reads the projection's tables in a fixed order (ORDER BY!) so two states compare with toEqual. */
export type SnapshotQuery = (db: Kysely<Database>) => Promise<unknown>;

/**
 * Delivering each event twice in a row leaves the same rows as delivering it once, whatever the
 * checkpoint says (the projection is idempotent on its own); and a batch the checkpoint already
 * covers changes nothing through the runner either.
 */
export async function expectDuplicateDeliveryChangesNothing(
  testbed: ProjectionTestbed,
  projection: Projection,
  events: readonly TestEvent[],
  snapshot: SnapshotQuery,
): Promise<void> {
  await testbed.reset(projection);
  await testbed.append(events);
  const recorded = await testbed.readAll();
  await deliver(testbed, projection, recorded, 1);
  const once = await snapshot(testbed.db);
  await truncateTables(testbed.db, projection.tables);
  await deliver(testbed, projection, recorded, 2);
  expect(await snapshot(testbed.db), 'rows after each event was delivered twice').toEqual(once);

  await truncateTables(testbed.db, projection.tables);
  await testbed.runToHead(projection);
  await applyBatch(testbed.db, projection, recorded);
  expect(await snapshot(testbed.db), 'rows after the runner was handed a batch again').toEqual(once);
}

/**
 * For any history: the rows built incrementally (appended in chunks, applied in small batches, skipping what the
 * projection's change filter rules out, the projector restarted between chunks at random) equal the rows of a
 * rebuild from zero through the real rebuild-and-swap path (which applies every event it handles).
 */
export async function expectIncrementalEqualsRebuild(
  testbed: ProjectionTestbed,
  projection: Projection,
  events: fc.Arbitrary<readonly TestEvent[]>,
  snapshot: SnapshotQuery,
  options: { readonly numRuns?: number } = {},
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      events,
      // Batches of one event half the time: the live runner's path for a verdict (read ahead, final write).
      fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 7 })),
      fc.integer({ min: 1, max: 4 }),
      // Before each chunk, whether the projector restarted (its change filter new, knowing nothing).
      fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      async (history, batchSize, chunks, restarts) => {
        await testbed.reset(projection);
        const chunkSize = Math.max(1, Math.ceil(history.length / chunks));
        for (let start = 0, chunk = 0; start < history.length; start += chunkSize, chunk++) {
          await testbed.append(history.slice(start, start + chunkSize));
          await testbed.runToHead(projection, { batchSize, restart: restarts[chunk] ?? false });
        }
        const incremental = await snapshot(testbed.db);
        await testbed.rebuild(projection);
        expect(await snapshot(testbed.db)).toEqual(incremental);
      },
    ),
    { numRuns: options.numRuns ?? 15 },
  );
}

/**
 * For a projection with `applyBatch`: any history split into batches of any sizes, each batch delivered
 * twice (a retried batch), leaves the rows that `apply` leaves event by event.
 */
export async function expectBatchEqualsOneByOne(
  testbed: ProjectionTestbed,
  projection: Projection,
  events: fc.Arbitrary<readonly TestEvent[]>,
  snapshot: SnapshotQuery,
  options: { readonly numRuns?: number } = {},
): Promise<void> {
  const applyBatchOf = projection.applyBatch?.bind(projection);
  if (!applyBatchOf) throw new Error(`${projection.name} has no applyBatch`);
  const handled = new Set(projection.eventTypes);
  await fc.assert(
    fc.asyncProperty(events, fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1 }), async (history, sizes) => {
      await testbed.reset(projection);
      await testbed.append(history);
      const recorded = (await testbed.readAll()).filter((event) => handled.has(event.type));
      for (const event of recorded) {
        await testbed.db.transaction().execute((transaction) => projection.apply(event, transaction));
      }
      const oneByOne = await snapshot(testbed.db);
      await truncateTables(testbed.db, projection.tables);
      for (let start = 0, turn = 0; start < recorded.length; turn++) {
        const size = sizes[turn % sizes.length] ?? 1;
        const batch = recorded.slice(start, start + size);
        for (let delivery = 0; delivery < 2; delivery++) {
          await testbed.db.transaction().execute((transaction) => applyBatchOf(batch, transaction));
        }
        start += size;
      }
      expect(await snapshot(testbed.db), `batches of ${sizes.join(', ')}`).toEqual(oneByOne);
    }),
    { numRuns: options.numRuns ?? 15 },
  );
}

/**
 * For a projection whose rows a pure fold of the events can also give (a history replay): the rows recorded
 * after each event while projecting one by one equal `foldTo` of the events up to that position. `foldTo`
 * returns what `snapshot` reads, in the same order.
 */
export async function expectFoldEqualsProjectionAtEveryEvent(
  testbed: ProjectionTestbed,
  projection: Projection,
  events: fc.Arbitrary<readonly TestEvent[]>,
  snapshot: SnapshotQuery,
  foldTo: (events: readonly RecordedEvent[]) => unknown,
  options: { readonly numRuns?: number } = {},
): Promise<void> {
  const handled = new Set(projection.eventTypes);
  await fc.assert(
    fc.asyncProperty(events, async (history) => {
      await testbed.reset(projection);
      await testbed.append(history);
      const recorded = (await testbed.readAll()).filter((event) => handled.has(event.type));
      for (const [index, event] of recorded.entries()) {
        await testbed.db.transaction().execute((transaction) => applyEvents(transaction, projection, [event]));
        const folded = foldTo(recorded.slice(0, index + 1));
        expect(folded, `after ${event.type} at position ${event.position}`).toEqual(await snapshot(testbed.db));
      }
    }),
    { numRuns: options.numRuns ?? 15 },
  );
}

async function deliver(
  testbed: ProjectionTestbed,
  projection: Projection,
  events: readonly RecordedEvent[],
  times: number,
) {
  for (const event of events) {
    for (let delivery = 0; delivery < times; delivery++) {
      await testbed.db.transaction().execute((transaction) => applyEvents(transaction, projection, [event]));
    }
  }
}
