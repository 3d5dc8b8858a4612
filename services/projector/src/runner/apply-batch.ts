import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@oj/events';
import { readModelChangedChannel, readModelChangePayloads } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { lockProjection, readCheckpoint, writeCheckpoint } from './checkpoints';
import type { BatchMode, Projection } from './projection';

export interface BatchOutcome {
  /** The checkpoint after the batch. */
  readonly position: bigint;
  /** Events past the old checkpoint (handled or not). */
  readonly appliedCount: number;
  readonly topics: readonly string[];
}

/**
 * Hands the projection the events it handles, in order (all at once when it has `applyBatch`);
 * returns the change topics they touch.
 */
export async function applyEvents(
  transaction: Kysely<Database>,
  projection: Projection,
  events: readonly RecordedEvent[],
  mode: BatchMode = 'live',
): Promise<string[]> {
  const handled = new Set(projection.eventTypes);
  const handledEvents = events.filter((event) => handled.has(event.type));
  if (handledEvents.length === 0) return [];
  if (projection.applyBatch) {
    await projection.applyBatch(handledEvents, transaction, mode);
  } else {
    for (const event of handledEvents) await projection.apply(event, transaction);
  }
  return handledEvents.flatMap((event) => projection.topicsFor?.(event) ?? []);
}

/**
 * One transaction: take the projection's lock, skip what the checkpoint already covers, apply the rest,
 * move the checkpoint, and NOTIFY (delivered at commit, so readers never hear of a change that rolled back).
 * If the projection throws, nothing of the batch (rows or checkpoint) is kept.
 */
export async function applyBatch(
  db: Kysely<Database>,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<BatchOutcome> {
  return db.transaction().execute(async (transaction) => {
    await lockProjection(transaction, projection.name);
    const checkpoint = await readCheckpoint(transaction, projection.name);
    const fresh = events.filter((event) => event.position > checkpoint);
    const last = fresh.at(-1);
    if (!last) return { position: checkpoint, appliedCount: 0, topics: [] };
    const topics = [...new Set(await applyEvents(transaction, projection, fresh))];
    await writeCheckpoint(transaction, projection.name, last.position);
    for (const payload of readModelChangePayloads(projection.name, last.position, topics)) {
      await sql`SELECT pg_notify(${readModelChangedChannel}, ${payload})`.execute(transaction);
    }
    return { position: last.position, appliedCount: fresh.length, topics };
  });
}
