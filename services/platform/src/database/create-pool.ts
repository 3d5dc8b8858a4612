import pg from 'pg';

export interface PoolOptions {
  readonly max?: number;
  readonly applicationName?: string;
}

/**
 * A pg pool for one database URL. int8 stays a decimal string (pg's default) so positions never lose precision;
 * callers convert with BigInt. Idle-client errors (a restarted server) are reported, not thrown into the void.
 */
export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.applicationName === undefined ? {} : { application_name: options.applicationName }),
  });
  pool.on('error', (error) => {
    console.error(`postgres pool: idle client error: ${error.message}`);
  });
  ignoreCheckedOutClientErrors(pool);
  return pool;
}

/**
 * pg-pool listens for a client's 'error' only while the client is idle. A checked-out client whose server dies
 * between two queries (a LISTEN wait in checkpointsReached, a transaction awaiting something else) emitted an
 * 'error' nobody listened to: an uncaught exception that took the whole API process down with PostgreSQL
 * (issue 14). The query in flight, or the next one, fails and reports it; the failed client is not reused.
 */
export function ignoreCheckedOutClientErrors(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
}
