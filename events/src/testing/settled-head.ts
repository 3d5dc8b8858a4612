import type pg from 'pg';
import type { EventStore } from '../store/event-store';

/**
 * The store's head once every event committed to its database so far has settled: what a test reads right after
 * its own appends. The settled horizon can stay below them for a moment when the snapshot holds an older xid it
 * cannot place (its backend, in another file's database on the shared server, ended before `pg_stat_activity` was
 * read), so `readAll()` and `headPosition()` straight after an append may not include it yet. Readers in the services
 * follow a subscription and never need this.
 */
export async function settledHeadAfterCommits(store: EventStore, pool: Pick<pg.Pool, 'query'>): Promise<bigint> {
  const committed = await highestCommittedPosition(pool);
  for (;;) {
    const head = await store.headPosition();
    if (head >= committed) return head;
    await untilSettledAfter(store, head);
  }
}

/** Settled or not; read from the table, since tests renumber positions after appending. */
async function highestCommittedPosition(pool: Pick<pg.Pool, 'query'>): Promise<bigint> {
  const { rows } = await pool.query<{ position: string | null }>(
    'SELECT max(position)::text AS position FROM event_store.events',
  );
  return BigInt(rows[0]?.position ?? 0);
}

/** The subscription waits on the store's own wake-ups (NOTIFY and its pending poll), not on a timer of ours. */
async function untilSettledAfter(store: EventStore, position: bigint): Promise<void> {
  const subscription = store.subscribeAll({ fromPosition: position });
  try {
    await subscription[Symbol.asyncIterator]().next();
  } finally {
    await subscription.close();
  }
}
