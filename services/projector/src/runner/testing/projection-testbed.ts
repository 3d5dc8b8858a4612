import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { createPostgresEventStore, type EventMetadata, type EventStore, type RecordedEvent } from '@oj/events';
import { createTestDatabase, settledHeadAfterCommits } from '@oj/events/testing';
import { createKysely, createPool, migrateDatabase } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { randomUUID } from 'node:crypto';
import { applyBatch } from '../apply-batch';
import { batchWork } from '../batch-work';
import { ensureCheckpoint, moveIdleCheckpoints, readCheckpoint } from '../checkpoints';
import type { ChangeFilter, Projection } from '../projection';
import { rebuildProjection, type RebuildOutcome } from '../rebuild-projection';

/** An event as a test writes it: the builders' {type, data} plus the stream it goes to. */
export interface TestEvent {
  readonly stream: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: EventMetadata;
}

export interface ProjectionTestbed {
  readonly databaseUrl: string;
  readonly pool: pg.Pool;
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  /** Appends in order (each with a fresh id); returns the position of the last one. */
  append(events: readonly TestEvent[]): Promise<bigint>;
  /**
   * Applies everything after the projection's checkpoint through the runner's own batch code, skipping what the
   * projection's change filter rules out as the live runner does (one filter per projection from the first run
   * after `reset`; `restart` makes a new one, knowing nothing: a projector process that just started).
   */
  runToHead(
    projection: Projection,
    options?: { readonly batchSize?: number; readonly restart?: boolean },
  ): Promise<bigint>;
  /** The store's head once everything appended so far has settled (see settledHeadAfterCommits). */
  settledHead(): Promise<bigint>;
  /** Every event appended so far, once settled. */
  readAll(): Promise<readonly RecordedEvent[]>;
  rebuild(projection: Projection): Promise<RebuildOutcome>;
  /** Empties the event store, the projection's tables and its checkpoint (between property runs). */
  reset(projection: Projection): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database on the test server with migrations run and a real Postgres event store. */
export async function createProjectionTestbed(databaseServerUrl: string): Promise<ProjectionTestbed> {
  const database = await createTestDatabase(databaseServerUrl);
  await migrateDatabase(database.url);
  const pool = createPool(database.url, { max: 4, applicationName: 'projection-testbed' });
  const db = createKysely(pool);
  const store = await createPostgresEventStore({ connectionString: database.url, maxConnections: 4 });
  const filters = new Map<string, ChangeFilter | undefined>();
  const filterOf = (projection: Projection, restart: boolean) => {
    if (restart || !filters.has(projection.name)) filters.set(projection.name, projection.changeFilter?.());
    return filters.get(projection.name);
  };

  return {
    databaseUrl: database.url,
    pool,
    db,
    store,
    async append(events) {
      let position = 0n;
      for (const event of events) {
        const { stream, ...rest } = event;
        ({ position } = await store.append(stream, [{ id: randomUUID(), ...rest }]));
      }
      return position;
    },
    async runToHead(projection, options = {}) {
      const head = await settledHeadAfterCommits(store, pool);
      const filter = filterOf(projection, options.restart ?? false);
      await ensureCheckpoint(db, projection.name, projection.eventTypes);
      for (;;) {
        const checkpoint = await readCheckpoint(db, projection.name);
        const page = await store.readAll({ fromPosition: checkpoint, maxCount: options.batchSize ?? 500 });
        const last = page.at(-1)?.position;
        if (last === undefined && checkpoint >= head) return checkpoint;
        // A read may stop short of a head already settled: a transaction of another database (another test file
        // on this cluster) that commits while the read takes its snapshot still counts as open for that one read.
        // The live runner just reads again later; so does this loop (an int run's property lost an event to it).
        if (last === undefined) continue;
        const work = batchWork(projection, filter, page, checkpoint);
        if (work) await applyBatch(db, projection, work);
        else await moveIdleCheckpoints(db, new Map([[projection.name, checkpoint]]), last);
      }
    },
    settledHead: () => settledHeadAfterCommits(store, pool),
    async readAll() {
      await settledHeadAfterCommits(store, pool);
      return store.readAll();
    },
    async rebuild(projection) {
      // The rebuild replays up to the store's head, which right after the test's appends may not include them yet.
      await settledHeadAfterCommits(store, pool);
      return rebuildProjection({ db, store, projection });
    },
    async reset(projection) {
      // A new store's submissions are numbered from 1 again: what the filters learnt is of the old one.
      filters.clear();
      await sql`TRUNCATE event_store.events`.execute(db);
      await truncateTables(db, projection.tables);
      await db.deleteFrom('projection_checkpoints').where('name', '=', projection.name).execute();
    },
    async close() {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

/** One statement, so tables that reference each other empty together. */
export async function truncateTables(db: Kysely<Database>, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`TRUNCATE ${sql.join(tables.map((table) => sql.id('public', table)))}`.execute(db);
}
