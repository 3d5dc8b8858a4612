import { sql, type Kysely, type Updateable } from 'kysely';
import type { EventStore } from '@oj/events';
import {
  abortablePause,
  createPool,
  readModelChangedChannel,
  readModelChangePayloads,
  type Logger,
} from '@oj/platform';
import type { Database } from '@oj/read-models';
import { liveTopics } from '@oj/read-models/names';
import { errorTextOf } from './dead-letters';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild-projection';
import type { RebuildReport } from './rebuild-report';

/** The command route NOTIFYs this after it recorded a request (docs/events-store.md "Rebuilding from the browser"). */
export const rebuildRequestedChannel = 'projection_rebuild_requested';
/** The `projection` of the change notifications a rebuild sends (its progress is no projection's checkpoint). */
export const rebuildProgressSource = 'projection-rebuilds';
/** Advisory-lock class of running rebuilds (two-key form, key = request id), held by the process that runs one. */
const rebuildLockClass = 0x4f4a0102;
/** A NOTIFY lost with a dropped connection only delays a request by this much. */
const recheckMs = 15_000;
const retryMs = 1000;

export interface ServeRebuildRequestsOptions {
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  /** For the listening session, which also holds the lock of the rebuild it runs. */
  readonly databaseUrl: string;
  readonly logger: Pick<Logger, 'info' | 'error'>;
  readonly signal: AbortSignal;
  readonly batchSize?: number;
  /** Tests: after each request this process finished (done or failed). */
  readonly onFinished?: (id: string) => void;
}

interface ClaimedRebuild {
  readonly id: string;
  readonly projection: Projection;
}

/**
 * The projector's side of browser rebuilds: publish which tables each projection owns, then run requested
 * rebuilds one at a time until the signal aborts. Several projector processes may serve: a request is claimed
 * once (SKIP LOCKED), and a claimed one whose process died is marked failed by the next one that looks.
 */
export async function serveRebuildRequests(options: ServeRebuildRequestsOptions): Promise<void> {
  await recordOwnedTables(options.db, options.projections);
  // A lost connection must not stop the projector's live runners: log, wait, listen again.
  while (!options.signal.aborted) {
    try {
      await listenAndServe(options);
    } catch (error) {
      if (options.signal.aborted) break;
      options.logger.error({ err: error }, 'serving rebuild requests failed; listening again');
      await abortablePause(retryMs, options.signal);
    }
  }
}

async function listenAndServe(options: ServeRebuildRequestsOptions): Promise<void> {
  const { db, signal } = options;
  const pool = createPool(options.databaseUrl, { max: 1, applicationName: 'oj-projector-rebuilds' });
  pool.on('error', (error) => options.logger.error({ err: error }, 'rebuild listener connection failed'));
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  let wake: (() => void) | null = null;
  let isNotified = false;
  const onNotification = () => {
    isNotified = true;
    wake?.();
  };
  client.on('notification', onNotification);
  // A dropped connection: the next query throws and serveRebuildRequests listens again (an unheard 'error' would crash).
  const onError = (error: Error) => {
    options.logger.error({ err: error }, 'rebuild listener connection lost');
    onNotification();
  };
  client.on('error', onError);
  signal.addEventListener('abort', onNotification, { once: true });
  try {
    await client.query(`LISTEN ${rebuildRequestedChannel}`);
    while (!signal.aborted) {
      isNotified = false;
      await failOrphanedRebuilds(db);
      const claimed = await claimNextRebuild(client, options.projections);
      if (claimed) {
        await runClaimedRebuild(options, claimed);
        await client.query('SELECT pg_advisory_unlock($1, $2::int)', [rebuildLockClass, claimed.id]);
        options.onFinished?.(claimed.id);
        continue;
      }
      if (isNotified) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, recheckMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    client.removeListener('notification', onNotification);
    signal.removeEventListener('abort', onNotification);
    client.release(true);
    await pool.end();
  }
}

/** The query side cannot import the registry (services never import each other): it reads this table. */
export async function recordOwnedTables(db: Kysely<Database>, projections: readonly Projection[]): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    const names = projections.map((projection) => projection.name);
    let stale = transaction.deleteFrom('projection_owned_tables');
    if (names.length > 0) stale = stale.where('projection', 'not in', names);
    await stale.execute();
    for (const projection of projections) {
      await transaction
        .insertInto('projection_owned_tables')
        .values({ projection: projection.name, tables: [...projection.tables] })
        .onConflict((conflict) => conflict.column('projection').doUpdateSet({ tables: [...projection.tables] }))
        .execute();
    }
  });
}

/**
 * Claims the oldest queued request of a projection this process runs, and takes its session lock in the same
 * statement: the row reads as running only once the lock is held, so no other process takes it for orphaned.
 */
async function claimNextRebuild(
  client: { query: (text: string, values: unknown[]) => Promise<{ rows: { id: string; projection: string }[] }> },
  projections: readonly Projection[],
): Promise<ClaimedRebuild | null> {
  const names = projections.map((projection) => projection.name);
  const { rows } = await client.query(
    `UPDATE projection_rebuilds SET state = 'replaying', started_at = now()
     WHERE id = (SELECT id FROM projection_rebuilds WHERE state = 'queued' AND projection = ANY ($1::text[])
                 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, projection, pg_advisory_lock($2, id::int)`,
    [names, rebuildLockClass],
  );
  const row = rows[0];
  const projection = projections.find((candidate) => candidate.name === row?.projection);
  return row && projection ? { id: row.id, projection } : null;
}

/** A running request whose lock nobody holds lost its process (a crash, a deploy): failed, so it can be asked again. */
async function failOrphanedRebuilds(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    const orphaned = await sql<{ id: string }>`
      SELECT id::text AS id FROM projection_rebuilds
      WHERE state IN ('replaying', 'swapping') AND pg_try_advisory_xact_lock(${rebuildLockClass}, id::int)
      FOR UPDATE SKIP LOCKED`.execute(transaction);
    for (const { id } of orphaned.rows) {
      await transaction
        .updateTable('projection_rebuilds')
        .set({ state: 'failed', finished_at: new Date(), error: 'the projector stopped during the rebuild' })
        .where('id', '=', id)
        .execute();
      await notifyProgress(transaction, 0n);
    }
  });
}

/** A request row once its rebuild ended: `report` is the rebuild's comparison (rebuild-report.ts), as stored. */
export interface EndedRebuild {
  readonly id: string;
  readonly state: string;
  readonly replayedEvents: string;
  readonly position: string;
  readonly report: RebuildReport | null;
  readonly error: string | null;
}

/** What running one claimed request needs: the read models, the store, a logger, and the batch size. */
type RebuildRunner = Pick<ServeRebuildRequestsOptions, 'db' | 'store' | 'logger' | 'batchSize'>;

/**
 * `npm run projections:rebuild -- <name>` as a request of its own (`requested_by` = the operator's label): it takes
 * the one active-request slot of the projection and the same lock a projector holds for a browser request, so a
 * CLI rebuild and a browser one never replay into the same shadow tables, and the back office shows its progress.
 * Null while another rebuild of that projection is queued or running; otherwise the request row as it ended.
 */
export async function runRebuildFromCli(
  options: RebuildRunner & {
    readonly databaseUrl: string;
    readonly projection: Projection;
    readonly requestedBy: string;
  },
): Promise<EndedRebuild | null> {
  const pool = createPool(options.databaseUrl, { max: 1, applicationName: 'oj-projections-rebuild-cli' });
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO projection_rebuilds (projection, requested_by, state, started_at)
       VALUES ($1, $2, 'replaying', now())
       ON CONFLICT (projection) WHERE state IN ('queued', 'replaying', 'swapping') DO NOTHING
       RETURNING id::text AS id, pg_advisory_lock($3, id::int)`,
      [options.projection.name, options.requestedBy, rebuildLockClass],
    );
    const claimed = rows[0];
    if (!claimed) return null;
    await runClaimedRebuild(options, { id: claimed.id, projection: options.projection });
    const { rows: ended } = await client.query<EndedRebuild>(
      `SELECT id::text AS id, state, replayed_events::text AS "replayedEvents", position::text AS position, report, error
       FROM projection_rebuilds WHERE id = $1`,
      [claimed.id],
    );
    await client.query('SELECT pg_advisory_unlock($1, $2::int)', [rebuildLockClass, claimed.id]);
    const row = ended[0];
    if (!row) throw new Error(`rebuild request ${claimed.id} vanished`);
    return row;
  } finally {
    client.release(true);
    await pool.end();
  }
}

async function runClaimedRebuild(options: RebuildRunner, claimed: ClaimedRebuild): Promise<void> {
  const { db } = options;
  const update = (values: Updateable<Database['projection_rebuilds']>, position: bigint) =>
    db.transaction().execute(async (transaction) => {
      await transaction.updateTable('projection_rebuilds').set(values).where('id', '=', claimed.id).execute();
      await notifyProgress(transaction, position);
    });
  try {
    await update({ total_events: await countEvents(db) }, 0n);
    const outcome = await rebuildProjection({
      db,
      store: options.store,
      projection: claimed.projection,
      compare: true,
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      onProgress: (position, eventCount) => update({ replayed_events: eventCount, position }, position),
      onSwapping: () => update({ state: 'swapping' }, 0n),
    });
    await update(
      {
        state: 'done',
        finished_at: new Date(),
        replayed_events: outcome.eventCount,
        position: outcome.position,
        report: JSON.stringify(outcome.report ?? null),
      },
      outcome.position,
    );
    options.logger.info(
      { projection: claimed.projection.name, identical: outcome.report?.identical, position: outcome.position },
      'projection rebuilt from a browser request',
    );
  } catch (error) {
    options.logger.error({ err: error, projection: claimed.projection.name }, 'browser rebuild failed');
    await update({ state: 'failed', finished_at: new Date(), error: errorTextOf(error) }, 0n);
  }
}

/** The progress bar's denominator: the events in the Postgres store (null with KurrentDB: the bar shows positions). */
async function countEvents(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ present: boolean }>`
    SELECT to_regclass('event_store.events') IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return null;
  const count = await sql<{ n: string }>`SELECT count(*) AS n FROM event_store.events`.execute(db);
  return count.rows[0]?.n ?? null;
}

/** Admins' pages follow the topic over /api/ws; delivered at commit, like the projections' own changes. */
async function notifyProgress(transaction: Kysely<Database>, position: bigint): Promise<void> {
  for (const payload of readModelChangePayloads(rebuildProgressSource, position, [liveTopics.adminProjections])) {
    await sql`SELECT pg_notify(${readModelChangedChannel}, ${payload})`.execute(transaction);
  }
}
