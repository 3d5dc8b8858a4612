import { sql, type Kysely } from 'kysely';

/**
 * The projector's live batch begins with BEGIN, the projection's lock and its read ahead in one round trip
 * (services/projector/src/runner/checkpoints.ts, beginLiveBatch). The lock and the check that the checkpoint has
 * not passed the batch were an anonymous `DO` block, which PL/pgSQL compiles again on every call: 0.07 ms of the
 * round trip's median and more of its tail (docs/performance.md, "The projector"). A function is compiled once per
 * connection. It raises OJ001 when the checkpoint already stands at or past `first_position` (another writer moved
 * it), which the runner answers by taking the lock apart and reading where it stands.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION public.lock_projection_batch(projection text, first_position bigint)
    RETURNS void LANGUAGE plpgsql AS $lock$
    DECLARE at bigint;
    BEGIN
      INSERT INTO public.projection_checkpoints AS c (name, position) VALUES (projection, 0)
        ON CONFLICT (name) DO UPDATE SET position = c.position RETURNING c.position INTO at;
      IF at >= first_position THEN RAISE EXCEPTION USING ERRCODE = 'OJ001'; END IF;
    END $lock$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS public.lock_projection_batch(text, bigint)`.execute(db);
}
