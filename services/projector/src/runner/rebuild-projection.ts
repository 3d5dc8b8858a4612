import { sql, type Kysely } from 'kysely';
import type { EventStore, RecordedEvent } from '@oj/events';
import { readModelChangedChannel, readModelChangePayloads } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { applyEvents } from './apply-batch';
import { lockProjection, readCheckpoint, writeCheckpoint } from './checkpoints';
import { clearDeadLettersBefore, databaseNow } from './dead-letters';
import type { BatchMode, Projection } from './projection';
import { diffTable } from './rebuild-diff';
import { rebuildReportOf, type RebuildReport } from './rebuild-report';

export interface RebuildOptions {
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly batchSize?: number;
  /** Progress after each replayed batch (the CLI prints it), with the events replayed so far. */
  readonly onProgress?: (position: bigint, eventCount: number) => void | Promise<void>;
  /** The replay is done; the swap transaction starts (it waits for the projection's lock). */
  readonly onSwapping?: () => void | Promise<void>;
  /** Compare the live rows with the rebuilt ones in the swap transaction, and report (the browser's rebuilds). */
  readonly compare?: boolean;
}

export interface RebuildOutcome {
  readonly position: bigint;
  readonly eventCount: number;
  /** With `compare`: the old rows against the rebuilt ones, both at `position`. */
  readonly report?: RebuildReport;
}

/** Big pages: projections with `applyBatch` fold a whole page in memory and write it in bulk. */
const defaultBatchSize = 5000;

export const rebuildSchemaOf = (name: string): string => `rebuild_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/**
 * Replays every event into fresh copies of the projection's tables (schema rebuild_<name>) while readers
 * and the live runner keep using the current ones (in `replay` mode, then `settle`), then swaps them in, in
 * one short transaction that holds the projection's lock: apply what arrived meanwhile (`live` mode), drop
 * the old tables, move the new ones to public, and set the checkpoint.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildOutcome> {
  const { db, projection } = options;
  const schema = rebuildSchemaOf(projection.name);
  const startedAt = await databaseNow(db);
  await createFreshTables(db, schema, projection.tables);
  const replay = { position: 0n, eventCount: 0 };
  // Every pass stops at the head it read first: under steady writes, "until an empty page" would never end.
  await replayUpTo(options, schema, replay, await options.store.headPosition(), 'replay');
  if (projection.settle) {
    await db.transaction().execute(async (transaction) => {
      await useSchema(transaction, schema);
      await projection.settle?.(transaction);
    });
  }
  // Fresh tables have no statistics: without them the first reads after the swap plan blind (whole-table scans).
  for (const table of projection.tables) await sql`ANALYZE ${sql.id(schema, table)}`.execute(db);
  // What arrived during the replay, outside the lock, so the locked pass below has little left to do.
  await replayUpTo(options, schema, replay, await options.store.headPosition(), 'live');
  await options.onSwapping?.();
  return db.transaction().execute(async (transaction) => {
    await lockProjection(transaction, projection.name);
    await useSchema(transaction, schema);
    const head = await options.store.headPosition();
    for (
      let page = await nextPage(options, replay, head);
      page.length > 0;
      page = await nextPage(options, replay, head)
    ) {
      await applyEvents(transaction, projection, page);
      advance(replay, page);
    }
    await sql`SET LOCAL search_path TO public`.execute(transaction);
    const report = options.compare ? await compareWithLive(transaction, options, schema, replay) : undefined;
    for (const table of projection.tables) {
      const liveIndexes = await indexNamesOf(transaction, table);
      await sql`DROP TABLE ${sql.id('public', table)}`.execute(transaction);
      await sql`ALTER TABLE ${sql.id(schema, table)} SET SCHEMA public`.execute(transaction);
      await renameIndexes(transaction, table, liveIndexes);
    }
    await sql`DROP SCHEMA ${sql.id(schema)}`.execute(transaction);
    // The live runner cannot be ahead (it reads the same settled events under the same lock); kept monotonic anyway.
    const live = await readCheckpoint(transaction, projection.name);
    const position = live > replay.position ? live : replay.position;
    await writeCheckpoint(transaction, projection.name, position);
    await clearDeadLettersBefore(transaction, projection.name, startedAt);
    for (const payload of readModelChangePayloads(projection.name, position, [])) {
      await sql`SELECT pg_notify(${readModelChangedChannel}, ${payload})`.execute(transaction);
    }
    return { position, eventCount: replay.eventCount, ...(report ? { report } : {}) };
  });
}

/**
 * Under the projection's lock, with search_path public: first bring the live tables to the rebuilt ones'
 * position (what the live runner would do next; they are dropped right after), so both sides stand on the
 * same events, then diff each owned table.
 */
async function compareWithLive(
  transaction: Kysely<Database>,
  options: RebuildOptions,
  schema: string,
  replay: { position: bigint; eventCount: number },
): Promise<RebuildReport> {
  const { projection } = options;
  let live = await readCheckpoint(transaction, projection.name);
  while (live < replay.position) {
    const page = await options.store.readAll({
      fromPosition: live,
      upTo: replay.position,
      maxCount: options.batchSize ?? defaultBatchSize,
    });
    const last = page.at(-1);
    if (!last) break;
    await applyEvents(transaction, projection, page);
    live = last.position;
  }
  const tables = [];
  for (const table of projection.tables) tables.push(await diffTable(transaction, schema, table));
  return rebuildReportOf(replay.eventCount, replay.position, tables);
}

/** Pages after the replay's position up to `head`, each applied in its own transaction to the fresh tables. */
async function replayUpTo(
  options: RebuildOptions,
  schema: string,
  replay: { position: bigint; eventCount: number },
  head: bigint,
  mode: BatchMode,
): Promise<void> {
  for (
    let page = await nextPage(options, replay, head);
    page.length > 0;
    page = await nextPage(options, replay, head)
  ) {
    await options.db.transaction().execute(async (transaction) => {
      await useSchema(transaction, schema);
      await applyEvents(transaction, options.projection, page, mode);
    });
    advance(replay, page);
    await options.onProgress?.(replay.position, replay.eventCount);
  }
}

function nextPage(
  options: RebuildOptions,
  replay: { position: bigint },
  head: bigint,
): Promise<readonly RecordedEvent[]> {
  if (replay.position >= head) return Promise.resolve([]);
  return options.store.readAll({
    fromPosition: replay.position,
    upTo: head,
    maxCount: options.batchSize ?? defaultBatchSize,
  });
}

function advance(replay: { position: bigint; eventCount: number }, page: readonly RecordedEvent[]): void {
  replay.position = page.at(-1)?.position ?? replay.position;
  replay.eventCount += page.length;
}

/** Projection code names tables unqualified; inside this transaction they resolve to the fresh copies. */
async function useSchema(transaction: Kysely<Database>, schema: string): Promise<void> {
  await sql`SELECT set_config('search_path', ${`${schema}, public`}, true)`.execute(transaction);
}

/**
 * Same columns, defaults, constraints, indexes and identity columns as the live tables (created by
 * migrations). A serial column would share the old table's sequence, which the swap drops: refused.
 */
async function createFreshTables(db: Kysely<Database>, schema: string, tables: readonly string[]): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
  for (const table of tables) {
    const serial = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ${table} AND column_default LIKE 'nextval(%'`.execute(db);
    if (serial.rows.length > 0) {
      throw new Error(
        `${table}.${serial.rows[0]?.column_name} is serial; use an identity column so a rebuild gets its own sequence`,
      );
    }
    await sql`CREATE TABLE ${sql.id(schema, table)} (LIKE ${sql.id('public', table)} INCLUDING ALL)`.execute(db);
  }
}

/** A public table's index names by definition (the definition without its name and table). */
async function indexNamesOf(transaction: Kysely<Database>, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ${table}`.execute(
    transaction,
  );
  const definitionOf = (indexdef: string) =>
    `${indexdef.startsWith('CREATE UNIQUE') ? 'unique ' : ''}${indexdef.slice(indexdef.indexOf(' USING '))}`;
  return new Map(rows.map((row) => [definitionOf(row.indexdef), row.indexname]));
}

/**
 * The copied indexes got generated names (CREATE TABLE … LIKE names them anew): give them back the live
 * ones, so a later migration that drops or replaces an index by name still finds it after a rebuild.
 */
async function renameIndexes(transaction: Kysely<Database>, table: string, liveNames: Map<string, string>) {
  for (const [definition, name] of await indexNamesOf(transaction, table)) {
    const liveName = liveNames.get(definition);
    if (liveName && liveName !== name) {
      await sql`ALTER INDEX ${sql.id('public', name)} RENAME TO ${sql.id(liveName)}`.execute(transaction);
    }
  }
}
