import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { Clock } from '../clock/clock';

/** Options this store reads besides `@fastify/rate-limit`'s own; they reach `child` merged with the route's. */
export interface PostgresStoreOptions {
  readonly exponentialBackoff?: boolean;
  /** The longest lock a growing delay reaches (default one day), so a victim's lock-out ends. */
  readonly maxLockMs?: number;
  readonly routeInfo?: { readonly method?: string | string[]; readonly url?: string };
  readonly groupId?: string;
}

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

const oneDayMs = 86_400_000;
/** 2^40 windows is past any cap; bounding the exponent keeps power() inside a double. */
const maxExponent = 40;

/**
 * `@fastify/rate-limit`'s store over the `rate_limit_counters` table (migration 0016), so every API process counts
 * together. A fixed window per key; with `exponentialBackoff`, each request past the limit restarts the window at
 * twice the previous lock (the library's LocalStore semantics), up to `maxLockMs`. A new window sweeps expired rows.
 */
export function postgresRateLimitStore(db: Kysely<Database>, clock: Clock): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;
    private readonly exponentialBackoff: boolean;
    private readonly maxLockMs: number;

    constructor(options: object) {
      const settings = options as PostgresStoreOptions;
      const route = settings.routeInfo;
      // Grouped routes share one count; the library already appends the group id to the key.
      this.namespace = settings.groupId || !route?.url ? '' : `${String(route.method)} ${route.url}|`;
      this.exponentialBackoff = settings.exponentialBackoff ?? false;
      this.maxLockMs = settings.maxLockMs ?? oneDayMs;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.increment(`${this.namespace}${key}`, timeWindow, max).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      this.peek(`${this.namespace}${key}`).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new PostgresRateLimitStore(routeOptions);
    }

    private async increment(key: string, windowMs: number, max: number): Promise<Counted> {
      const now = clock.now();
      const windowEnd = new Date(now.getTime() + windowMs);
      const expired = sql<boolean>`rate_limit_counters.expires_at <= ${now}`;
      const next = sql<number>`rate_limit_counters.count + 1`;
      const lockSeconds = sql`least(${windowMs / 1000}::float8 * power(2, least(${next} - ${max} - 1, ${maxExponent})),
        ${this.maxLockMs / 1000}::float8)`;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, window_start: now, expires_at: windowEnd, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${next} END`,
            window_start: sql`CASE WHEN ${expired} THEN ${now}::timestamptz ELSE rate_limit_counters.window_start END`,
            expires_at: sql`CASE WHEN ${expired} THEN ${windowEnd}::timestamptz
              WHEN ${this.exponentialBackoff} AND ${next} > ${max}
                THEN ${now}::timestamptz + make_interval(secs => ${lockSeconds})
              ELSE rate_limit_counters.expires_at END`,
          }),
        )
        .returning(['count', 'expires_at'])
        .executeTakeFirstOrThrow();
      if (row.count === 1) await db.deleteFrom('rate_limit_counters').where('expires_at', '<', now).execute();
      return { current: row.count, ttl: Math.max(0, row.expires_at.getTime() - now.getTime()) };
    }

    private async peek(key: string): Promise<Counted> {
      const now = clock.now();
      const row = await db
        .selectFrom('rate_limit_counters')
        .select(['count', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? { current: row.count, ttl: row.expires_at.getTime() - now.getTime() } : { current: 0, ttl: 0 };
    }
  };
}
