import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';

/** Advisory-lock class of projections (two-key form): whoever applies events to a projection holds its lock. */
const projectionLockClass = 0x4f4a0101;

/** Serialises writers of one projection (live runners in several processes, a rebuild's swap) until commit. */
export async function lockProjection(transaction: Kysely<Database>, name: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${projectionLockClass}, hashtext(${name}))`.execute(transaction);
}

/** The checkpoint table lives in public; qualified so a rebuild's search_path cannot shadow it. */
const checkpoints = (db: Kysely<Database>) => db.withSchema('public');

export async function readCheckpoint(db: Kysely<Database>, name: string): Promise<bigint> {
  const row = await checkpoints(db)
    .selectFrom('projection_checkpoints')
    .select('position')
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? BigInt(row.position) : 0n;
}

export async function writeCheckpoint(db: Kysely<Database>, name: string, position: bigint): Promise<void> {
  await checkpoints(db)
    .insertInto('projection_checkpoints')
    .values({ name, position })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ position }))
    .execute();
}

/**
 * A row at 0 as soon as a projection exists, so awaitProjections waits for it instead of overlooking it, with
 * the event types it handles: a command waits only for the projections that handle what it appended.
 */
export async function ensureCheckpoint(
  db: Kysely<Database>,
  name: string,
  eventTypes: readonly string[],
): Promise<void> {
  await checkpoints(db)
    .insertInto('projection_checkpoints')
    .values({ name, position: 0n, event_types: [...eventTypes] })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ event_types: [...eventTypes] }))
    .execute();
}

/**
 * Drops the checkpoints of projections no longer registered: awaitProjections waits for every row,
 * so a stale one would hold each command for the full timeout. Returns the names removed.
 */
export async function removeCheckpointsExcept(db: Kysely<Database>, names: readonly string[]): Promise<string[]> {
  let query = checkpoints(db).deleteFrom('projection_checkpoints');
  if (names.length > 0) query = query.where('name', 'not in', names);
  const removed = await query.returning('name').execute();
  return removed.map((row) => row.name);
}
