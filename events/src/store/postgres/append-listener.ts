import pg from 'pg';
import { appendedChannel } from './event-store-schema';

/**
 * One LISTEN connection per store, shared by its subscriptions. `version` counts notifications; a subscriber
 * notes it before reading and then waits for a newer one, so a NOTIFY that arrives mid-read is never lost.
 * When the connection drops, subscribers fall back to polling until it is back.
 */
export interface AppendListener {
  /** Best effort: resolves once LISTEN is in place, or once connecting failed (polling covers the gap). */
  ensureListening(): Promise<void>;
  readonly version: () => number;
  waitForChange(sinceVersion: number, timeoutMs: number, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export function createAppendListener(connectionString: string): AppendListener {
  let version = 0;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let isClosed = false;
  const waiters = new Set<() => void>();

  const wakeAll = (): void => {
    version += 1;
    for (const wake of waiters) wake();
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, application_name: 'oj-event-store-listener' });
      next.on('notification', wakeAll);
      next.on('error', () => {
        client = undefined;
        connecting = undefined;
        void next.end().catch(() => undefined);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${appendedChannel}`);
        if (isClosed) await next.end();
        else client = next;
      } catch {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  return {
    async ensureListening() {
      if (!client && !isClosed) await connect();
    },
    version: () => version,
    async waitForChange(sinceVersion, timeoutMs, signal) {
      if (version !== sinceVersion || signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
    async close() {
      isClosed = true;
      for (const wake of [...waiters]) wake();
      await connecting;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
