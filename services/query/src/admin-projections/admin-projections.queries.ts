import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProjectionRebuildsTable } from '@oj/read-models';
import {
  rebuildReportSchema,
  type ProjectionRebuild,
  type ProjectionStatus,
  type ProjectionsOverview,
} from '@oj/contracts';

type Db = Kysely<Database>;
type RebuildRow = Selectable<ProjectionRebuildsTable>;

const activeStates = new Set(['queued', 'replaying', 'swapping']);

/**
 * Every projection the projector registered (`projection_owned_tables`, written at its start) with its
 * checkpoint, its lag behind the store's head, the rows of each table it owns, its dead letters and its newest
 * rebuild request. The lag reads the Postgres store's table; with KurrentDB it is unknown here (null).
 */
export async function projectionsOverview(db: Db, now: Date): Promise<ProjectionsOverview> {
  const [owned, checkpoints, deadLetters, latest, hasStore] = await Promise.all([
    db.selectFrom('projection_owned_tables').selectAll().orderBy('projection').execute(),
    db.selectFrom('projection_checkpoints').select(['name', 'position', 'event_types']).execute(),
    db
      .selectFrom('projection_dead_letters')
      .select(['projection', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('projection')
      .execute(),
    sql<RebuildRow>`SELECT DISTINCT ON (projection) * FROM projection_rebuilds ORDER BY projection, id DESC`.execute(
      db,
    ),
    storeIsHere(db),
  ]);
  const checkpointOf = new Map(checkpoints.map((row) => [row.name, BigInt(row.position)]));
  const eventTypesOf = new Map(checkpoints.map((row) => [row.name, row.event_types]));
  const deadLettersOf = new Map(deadLetters.map((row) => [row.projection, Number(row.n)]));
  const latestOf = new Map(latest.rows.map((row) => [row.projection, row]));
  const head = hasStore ? await headPosition(db) : null;
  const projections: ProjectionStatus[] = [];
  for (const { projection: name, tables } of owned) {
    const checkpoint = checkpointOf.get(name) ?? 0n;
    const lag = hasStore
      ? await lagOf(db, checkpoint, eventTypesOf.get(name) ?? null, now)
      : { events: null, seconds: null };
    const lastRebuild = latestOf.get(name) ?? null;
    const deadLetterCount = deadLettersOf.get(name) ?? 0;
    projections.push({
      name,
      checkpoint: checkpoint.toString(),
      lagEvents: lag.events,
      lagSeconds: lag.seconds,
      tables: await rowCounts(db, tables),
      state:
        lastRebuild && activeStates.has(lastRebuild.state)
          ? 'rebuilding'
          : deadLetterCount > 0
            ? 'quarantined'
            : 'running',
      deadLetters: deadLetterCount,
      lastRebuild: lastRebuild ? rebuildOf(lastRebuild) : null,
    });
  }
  return { head: head === null ? null : head.toString(), projections };
}

export async function projectionRebuild(db: Db, id: string): Promise<ProjectionRebuild | null> {
  const row = await db.selectFrom('projection_rebuilds').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rebuildOf(row) : null;
}

function rebuildOf(row: RebuildRow): ProjectionRebuild {
  const report = rebuildReportSchema.safeParse(row.report);
  return {
    id: String(row.id),
    projection: row.projection,
    state: row.state,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    replayedEvents: Number(row.replayed_events),
    totalEvents: row.total_events === null ? null : Number(row.total_events),
    position: String(row.position),
    report: report.success ? report.data : null,
    error: row.error,
  };
}

async function storeIsHere(db: Db): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    SELECT to_regclass('event_store.events') IS NOT NULL AS present`.execute(db);
  return rows[0]?.present ?? false;
}

async function headPosition(db: Db): Promise<bigint> {
  const { rows } = await sql<{ head: string | null }>`SELECT max(position) AS head FROM event_store.events`.execute(db);
  return BigInt(rows[0]?.head ?? 0);
}

/**
 * The events past the checkpoint that the projection handles (its checkpoint row's types; all when unknown), and
 * how long the oldest has waited (0 when caught up). Events it ignores are no work: the runner may move its
 * checkpoint past them late (it batches those moves), which is no lag.
 */
async function lagOf(
  db: Db,
  checkpoint: bigint,
  eventTypes: readonly string[] | null,
  now: Date,
): Promise<{ events: number; seconds: number }> {
  const { rows } = await sql<{ n: string; oldest: Date | null }>`
    SELECT count(*) AS n, min(recorded_at) AS oldest FROM event_store.events
    WHERE position > ${checkpoint}
      AND (${eventTypes === null}::boolean OR event_type = ANY (${eventTypes ?? []}::text[]))`.execute(db);
  const oldest = rows[0]?.oldest ?? null;
  return {
    events: Number(rows[0]?.n ?? 0),
    seconds: oldest === null ? 0 : Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000),
  };
}

/** Exact counts: the page is for operators, and a board of 200,000 rows counts in milliseconds. */
async function rowCounts(db: Db, tables: readonly string[]): Promise<{ table: string; rows: number }[]> {
  const existing = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_name = ANY (${[...tables]}::text[])`.execute(db);
  const present = new Set(existing.rows.map((row) => row.table_name));
  const counts = [];
  for (const table of tables) {
    if (!present.has(table)) {
      counts.push({ table, rows: 0 });
      continue;
    }
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.id('public', table)}`.execute(db);
    counts.push({ table, rows: Number(rows[0]?.n ?? 0) });
  }
  return counts;
}
