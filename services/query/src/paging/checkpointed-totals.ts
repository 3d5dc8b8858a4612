import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';

/** The `total` of a HOJ page for one filter: computed at most once per state of the read models it counts. */
export interface CheckpointedTotals {
  total(filterKey: string, count: () => Promise<number>): Promise<number>;
}

/** Distinct filters remembered at once (the newest used); older ones are counted again when asked. */
const defaultMaxEntries = 500;

/**
 * HOJ's page carries the exact `total` (api-core §0.1: a page past the end still gives the true total), and a
 * count(*) over 200,000 submissions costs 15–60 ms on this machine, more than the page itself. Every change to a
 * read model moves its projection's checkpoint in the same transaction, so a count taken when the checkpoints of
 * the projections it reads were at (c1, c2) is the exact answer for as long as they stay there: the totals are
 * kept per (filter, checkpoints), and a request pays one primary-key read of the checkpoints instead of the
 * count. A count that runs while a projection commits may already include the new rows and is stored under the
 * older checkpoints; no later request can present those checkpoints again, so it is never served. Concurrent
 * requests for the same key share one count.
 */
export function createCheckpointedTotals(
  db: Kysely<Database>,
  projections: readonly string[],
  maxEntries = defaultMaxEntries,
): CheckpointedTotals {
  const totals = new Map<string, Promise<number>>();
  return {
    async total(filterKey, count) {
      const checkpoints = await db
        .selectFrom('projection_checkpoints')
        .select(['name', 'position'])
        .where('name', 'in', projections)
        .orderBy('name')
        .execute();
      const key = `${checkpoints.map((row) => `${row.name}@${row.position}`).join(',')}|${filterKey}`;
      const known = totals.get(key);
      if (known) {
        // Map order is the eviction order: a hit moves the key to the newest end.
        totals.delete(key);
        totals.set(key, known);
        return known;
      }
      const counted = count();
      totals.set(key, counted);
      counted.catch(() => totals.delete(key));
      for (const oldest of totals.keys()) {
        if (totals.size <= maxEntries) break;
        totals.delete(oldest);
      }
      return counted;
    },
  };
}
