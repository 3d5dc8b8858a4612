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
  return pool;
}
