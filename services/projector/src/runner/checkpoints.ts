import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { readModelChangedChannel, readModelChangePayloads } from '@oj/platform';
import { inlinedStatement } from './inline-statement';

/** The checkpoint table lives in public; qualified so a rebuild's search_path cannot shadow it. */
const checkpoints = (db: Kysely<Database>) => db.withSchema('public');

/**
 * Serialises writers of one projection (live runners in several processes, a rebuild's swap) until commit, and
 * says where its checkpoint stands, in one round trip: the lock is the checkpoint row's own (an upsert that
 * leaves the position as it is), and an upsert reads the latest committed row even when it had to wait for
 * another writer, which a read after a separate advisory lock needed a statement of its own for. The row is
 * created at 0 if a test or a new projection has none yet. `asynchronous` commit (the live runner's batches):
 * a read model and its checkpoint commit together and are rebuilt from the events, so a crash before the WAL
 * flush loses a few milliseconds of projection that the runner applies again from the older checkpoint — never
 * an event — and no batch waits for a disk flush (the largest single cost of a verdict's batch, see the bench).
 * A rebuild's swap keeps the flushed commit: its request is reported done once it commits.
 */
export async function lockProjection(
  transaction: Kysely<Database>,
  name: string,
  commit: 'flushed' | 'asynchronous' = 'flushed',
): Promise<bigint> {
  const { rows } = await sql<{ position: string }>`
    INSERT INTO public.projection_checkpoints AS c (name, position) VALUES (${name}, 0)
    ON CONFLICT (name) DO UPDATE SET position = c.position
    RETURNING c.position, set_config('synchronous_commit',
      CASE WHEN ${commit === 'asynchronous'} THEN 'off' ELSE current_setting('synchronous_commit') END, true)
      AS commit_mode`.execute(transaction);
  return BigInt(rows[0]?.position ?? 0);
}

/** Raised by `beginLiveBatch`'s lock (public.lock_projection_batch) when the checkpoint already covers the batch. */
const coveredState = 'OJ001';

/** How a live batch began (`beginLiveBatch`): the rows of the read sent with it, null when none was. */
export interface LiveBatchStart {
  readonly prefetched: readonly unknown[] | null;
}

/**
 * BEGIN, asynchronous commit (see lockProjection), the projection's lock (`public.lock_projection_batch`,
 * migration 0027: lockProjection's upsert, failing when the checkpoint is at or past `first`) and, when given, the
 * projection's first read (`prefetch`) in ONE round trip (a multi-statement query, so its values are literals;
 * its rows are the last statement's, createKysely), for a batch whose every event lies past the checkpoint: the
 * live runner's case, since it hands a projection only what lies past the checkpoint it last saw, and that
 * checkpoint moves only through this process unless another writer (a second projector, a rebuild's swap) moved
 * it. Returns null when the checkpoint is at or past `first` (the transaction is rolled back): the caller takes
 * `lockProjection`, which says where it stands. What the lock serialises is the same; only the checkpoint's value
 * is not read back. The read runs after the lock, so it sees what a read inside the batch would. A read that
 * fails is dropped and the batch begun again without it: the projection then reads for itself and meets the
 * failure where the runner judges it (retried if transient, else quarantined as the event's).
 */
export async function beginLiveBatch(
  connection: Kysely<Database>,
  name: string,
  first: bigint,
  prefetch: string | null = null,
): Promise<LiveBatchStart | null> {
  try {
    const lock = inlinedStatement(connection, sql`SELECT public.lock_projection_batch(${name}, ${first})`);
    const { rows } = await sql
      .raw(`BEGIN; SET LOCAL synchronous_commit TO off; ${lock}${prefetch === null ? '' : `;\n${prefetch}`}`)
      .execute(connection);
    return { prefetched: prefetch === null ? null : rows };
  } catch (error) {
    const covered = (error as { code?: unknown }).code === coveredState;
    if (!covered && prefetch === null) throw error;
    // On a lost connection the rollback fails too, and the error that matters is the first.
    await sql`ROLLBACK`.execute(connection).catch(() => Promise.reject(error as Error));
    return covered ? null : beginLiveBatch(connection, name, first);
  }
}

/**
 * The projection's final write if it handed one over (its text, values inlined), the checkpoint moved to
 * `position` with its NOTIFY payloads (delivered at commit, so readers never hear of a change that rolled back),
 * then COMMIT, in one round trip: a failure of any statement leaves COMMIT unrun and the transaction for the
 * caller to roll back. The payloads are inlined as the final write's values are (inline-statement.ts).
 */
export async function commitBatch(
  connection: Kysely<Database>,
  name: string,
  position: bigint,
  notify: { readonly channel: string; readonly payloads: readonly string[] },
  finalWrite: string | null = null,
): Promise<void> {
  const payloads = notify.payloads.map((payload) => sql`(${payload})`);
  const notified =
    payloads.length === 0
      ? sql``
      : sql`; SELECT pg_notify(${notify.channel}, payload) FROM (VALUES ${sql.join(payloads)}) AS p(payload)`;
  const checkpoint = inlinedStatement(
    connection,
    sql`UPDATE public.projection_checkpoints SET position = ${position} WHERE name = ${name}${notified}`,
  );
  await sql.raw(`${finalWrite === null ? '' : `${finalWrite};\n`}${checkpoint}; COMMIT`).execute(connection);
}

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

/** Every named projection's checkpoint (0 for one without a row). */
export async function readCheckpoints(db: Kysely<Database>, names: readonly string[]): Promise<Map<string, bigint>> {
  const known = new Map(names.map((name) => [name, 0n]));
  if (names.length === 0) return known;
  const rows = await checkpoints(db)
    .selectFrom('projection_checkpoints')
    .select(['name', 'position'])
    .where('name', 'in', [...names])
    .execute();
  for (const row of rows) known.set(row.name, BigInt(row.position));
  return known;
}

/**
 * Moves the checkpoints of projections that handle none of a batch's events to the batch's last position, in one
 * transaction for all of them: each row only if it still stands where the caller last knew it (or further, but
 * short of `to`), so a checkpoint never skips an event its projection was not shown. Rows are locked in name
 * order (no deadlock with another process doing the same), the locks being those every writer of a checkpoint
 * takes (lockProjection), held to the end of the statement, which is its own transaction; commit as
 * lockProjection's. Each moved checkpoint is notified on read_model_changed (no topics), waking
 * read-your-writes waiters. Returns the moved names.
 */
export async function moveIdleCheckpoints(
  db: Kysely<Database>,
  known: ReadonlyMap<string, bigint>,
  to: bigint,
): Promise<Set<string>> {
  const names = [...known.keys()].sort();
  if (names.length === 0) return new Set();
  const positions = names.map((name) => String(known.get(name) ?? 0n));
  // No topics: only the checkpoint moved (a payload without topics is always one, far under NOTIFY's limit).
  const payloads = names.map((name) => readModelChangePayloads(name, to, [])[0] ?? '');
  // One statement, its own transaction: one round trip instead of BEGIN, the statement and COMMIT.
  const { rows } = await sql<{ name: string }>`
      WITH locked AS (
        SELECT c.name, set_config('synchronous_commit', 'off', true) AS commit_mode
        FROM public.projection_checkpoints c WHERE c.name = ANY(${names}::text[]) ORDER BY c.name FOR UPDATE
      ), given AS (
        SELECT * FROM unnest(${names}::text[], ${positions}::bigint[], ${payloads}::text[]) AS k(name, position, payload)
      ), moved AS (
        UPDATE public.projection_checkpoints c SET position = ${String(to)}::bigint
        FROM given JOIN locked ON locked.name = given.name
        WHERE c.name = given.name AND c.position >= given.position AND c.position < ${String(to)}::bigint
        RETURNING c.name
      )
      SELECT moved.name, pg_notify(${readModelChangedChannel}, given.payload) FROM moved JOIN given ON given.name = moved.name`.execute(
    db,
  );
  return new Set(rows.map((row) => row.name));
}
