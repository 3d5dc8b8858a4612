import type { DependencyCheck } from '@oj/contracts';
import type pg from 'pg';

/** PostgreSQL answers a query on the process's own pool (the worker-health probe bounds the wait). */
export function databaseCheck(pool: pg.Pool): () => Promise<DependencyCheck> {
  return async () => {
    await pool.query('SELECT 1');
    return 'up';
  };
}

/** The slice of a nats.js connection the check uses. */
interface NatsConnectionState {
  isClosed(): boolean;
  flush(): Promise<void>;
}

/** The process's NATS connection is open and the server answers a round trip (a flush). */
export function natsCheck(connection: NatsConnectionState): () => Promise<DependencyCheck> {
  return async () => {
    if (connection.isClosed()) return 'down';
    await connection.flush();
    return 'up';
  };
}
