import type { RecordedEvent } from '@oj/events';
import type { ChangeFilter, Projection } from './projection';

/**
 * What a projection must apply of a batch in a transaction of its own: its events past `checkpoint`, or null when
 * none of them can change its tables — it handles none of their types, or its change filter rules out each one it
 * handles — and its checkpoint moves with the idle ones instead (`moveIdleCheckpoints`, one statement for all).
 * The live runner and the projection testbed both decide with this, so the property tests run the runner's skip.
 *
 * The filter is shown every event of a handled type in the batch, in position order, the ones the checkpoint
 * covers too (it may learn from them), and all of them even once one may change something (none is left unseen).
 */
export function batchWork(
  projection: Projection,
  filter: ChangeFilter | undefined,
  batch: readonly RecordedEvent[],
  checkpoint: bigint,
  handled: ReadonlySet<string> = new Set(projection.eventTypes),
): readonly RecordedEvent[] | null {
  let changes = false;
  for (const event of batch) {
    if (!handled.has(event.type)) continue;
    if (mayChange(filter, event) && event.position > checkpoint) changes = true;
  }
  return changes ? batch.filter((event) => event.position > checkpoint) : null;
}

/** A filter that throws (an event failing its schema) rules nothing out: `apply` meets the event and judges it. */
function mayChange(filter: ChangeFilter | undefined, event: RecordedEvent): boolean {
  if (!filter) return true;
  try {
    return filter.mayChange(event);
  } catch {
    return true;
  }
}
