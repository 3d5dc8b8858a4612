import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from '@oj/read-models';

/** A kysely instance over an existing pool; closing the pool stays the pool owner's job. */
export function createKysely<Schema = Database>(pool: pg.Pool): Kysely<Schema> {
  return new Kysely<Schema>({
    dialect: new PostgresDialect({
      // kysely's destroy() would end the pool it was given; the owner of the pool ends it instead.
      pool: {
        connect: () => pool.connect(),
        end: async () => undefined,
      },
    }),
  });
}
