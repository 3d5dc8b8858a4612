import { sql, type ColumnType, type Kysely } from 'kysely';

/**
 * Request counters of the abuse limits (`@fastify/rate-limit`'s store, services/platform/src/rate-limit): one row
 * per limited key and fixed window, shared by every API process. Rows past `expires_at` are swept lazily.
 */
export interface RateLimitCountersTable {
  /** The limiter's name and the counted subject (an IP, an account, a user and contest). */
  key: string;
  window_start: ColumnType<Date, Date, Date>;
  /** The end of the window, or of the lock when the count went past the limit with a growing delay. */
  expires_at: ColumnType<Date, Date, Date>;
  count: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS rate_limit_counters (
    key text PRIMARY KEY, window_start timestamptz NOT NULL, expires_at timestamptz NOT NULL,
    count integer NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS rate_limit_counters_expires_at ON rate_limit_counters (expires_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').ifExists().execute();
}
