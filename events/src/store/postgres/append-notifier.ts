import type pg from 'pg';
import { appendedChannel } from './event-store-schema';

/**
 * Wakes subscribers (every store's LISTEN connection) once appends have committed.
 *
 * Why not NOTIFY inside the append: a notifying transaction holds Postgres's one notification-queue lock from
 * pre-commit to the end of its commit, so every append in the cluster committed, fsync included, one after
 * another — 8 writers ran at 9–35 % of the same inserts without it (`npm run bench -- store`). Sent after the
 * commit, a NOTIFY-only statement writes no data and commits without waiting for a flush.
 *
 * Coalesced: at most one NOTIFY in flight per store, and one more after it if appends committed meanwhile, so a
 * subscriber is woken after every commit. A NOTIFY that fails (or a process that dies between its commit and its
 * NOTIFY) costs latency only: subscribers re-poll every second (postgres-subscription.ts).
 */
export interface AppendNotifier {
  /** Call after an append has committed. */
  notify(): void;
  /** Resolves once the NOTIFY in flight (if any) has been sent. */
  close(): Promise<void>;
}

export function createAppendNotifier(pool: pg.Pool): AppendNotifier {
  let isRequested = false;
  let sending: Promise<void> | undefined;
  const send = async (): Promise<void> => {
    while (isRequested) {
      isRequested = false;
      await pool.query("SELECT pg_notify($1, '')", [appendedChannel]).catch(() => undefined);
    }
    sending = undefined;
  };
  return {
    notify() {
      isRequested = true;
      sending ??= send();
    },
    async close() {
      await sending;
    },
  };
}
