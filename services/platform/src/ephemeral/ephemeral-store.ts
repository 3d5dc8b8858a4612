import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { Clock } from '../clock/clock';

/**
 * What HOJ keeps in Redis with a TTL (mail codes, captcha answers, failure counters, resend locks), in one
 * Postgres table so every process shares it. Expired rows read as absent and are swept lazily.
 */
export interface EphemeralStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Seconds left before the key expires, or 0 when absent. */
  secondsLeft(key: string): Promise<number>;
  /**
   * Adds one to a counter and returns the new count. `renewTtl` restarts the lifetime at each increment
   * (HOJ's login counter); otherwise the lifetime runs from the first increment.
   */
  increment(key: string, ttlSeconds: number, options: { readonly renewTtl: boolean }): Promise<number>;
}

export function createEphemeralStore(db: Kysely<Database>, clock: Clock): EphemeralStore {
  const now = () => clock.now();
  const expiresIn = (seconds: number) => new Date(now().getTime() + seconds * 1000);
  const live = async (key: string) =>
    db
      .selectFrom('ephemeral_secrets')
      .select(['value', 'expires_at'])
      .where('key', '=', key)
      .where('expires_at', '>', now())
      .executeTakeFirst();
  return {
    async get(key) {
      return (await live(key))?.value ?? null;
    },
    async put(key, value, ttlSeconds) {
      await db.deleteFrom('ephemeral_secrets').where('expires_at', '<=', now()).execute();
      await db
        .insertInto('ephemeral_secrets')
        .values({ key, value, expires_at: expiresIn(ttlSeconds) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, expires_at: expiresIn(ttlSeconds) }))
        .execute();
    },
    async delete(key) {
      await db.deleteFrom('ephemeral_secrets').where('key', '=', key).execute();
    },
    async secondsLeft(key) {
      const row = await live(key);
      return row ? Math.max(1, Math.ceil((row.expires_at.getTime() - now().getTime()) / 1000)) : 0;
    },
    async increment(key, ttlSeconds, options) {
      const fresh = expiresIn(ttlSeconds);
      const current = now();
      // One statement, so concurrent failures count exactly; an expired row restarts at 1.
      const row = await db
        .insertInto('ephemeral_secrets')
        .values({ key, value: '1', expires_at: fresh })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            value: sql`CASE WHEN ephemeral_secrets.expires_at <= ${current} THEN '1'
              ELSE (ephemeral_secrets.value::int + 1)::text END`,
            expires_at: options.renewTtl
              ? sql`${fresh}::timestamptz`
              : sql`CASE WHEN ephemeral_secrets.expires_at <= ${current} THEN ${fresh}::timestamptz
                  ELSE ephemeral_secrets.expires_at END`,
          }),
        )
        .returning('value')
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },
  };
}
