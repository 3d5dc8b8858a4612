import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import pg from 'pg';
import { createEventStore } from '@oj/events';
import { createKysely, createPool, migrateDatabase } from '@oj/platform';
import { projections, rebuildProjection } from '@oj/projector';

/**
 * A backup is a directory (docs/architecture.md "Backup and restore"):
 *   manifest.json      format, when, how many events, the last position
 *   events.ndjson      every row of event_store.events in position order, positions and revisions as written
 *   blobs/             DATA_DIR/blobs as it is (test data, problem files: content-addressed, so a copy is exact)
 *   secrets/           the secrets the events and tokens depend on (contest-password-key seals contest
 *                      passwords inside events; jwt-secret keeps sessions valid). Not the PostgreSQL or NATS
 *                      ones: a restore gets new infrastructure.
 * The read models are not in it: a restore rebuilds every one from the events.
 */
const formatVersion = 1;
const backedUpSecrets = ['contest-password-key', 'jwt-secret'] as const;
const pageSize = 5_000;

export interface BackupManifest {
  readonly format: number;
  readonly createdAt: string;
  readonly eventCount: number;
  readonly lastPosition: string;
}

interface EventRow {
  readonly position: string;
  readonly stream: string;
  readonly revision: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly recorded_at: string;
}

export class BackupError extends Error {}

/** Writes a backup of the PostgreSQL event store at `databaseUrl` and of `dataDir` into the new directory `target`. */
export async function backUp(options: {
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly target: string;
}): Promise<BackupManifest> {
  await mkdir(options.target, { recursive: true });
  if ((await readdir(options.target)).length > 0) throw new BackupError(`${options.target} is not empty`);
  // A site that never stored an event has no event_store schema yet: creating the store makes it (empty).
  await (await createEventStore({ databaseUrl: options.databaseUrl })).close();
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let eventCount = 0;
  let lastPosition = '0';
  try {
    // One snapshot for the whole export: rows committed meanwhile are in the next backup, never half in this one.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const out = createWriteStream(path.join(options.target, 'events.ndjson'), { mode: 0o600 });
    for (;;) {
      // recorded_at as text keeps its microseconds (a JS Date would drop them). ORDER BY names the table's
      // column: a bare `position` would be the text output column, ordered as text.
      const { rows } = await client.query<EventRow>(
        `SELECT position::text, stream, revision::text, event_id::text, event_type, data, metadata,
                recorded_at::text
         FROM event_store.events WHERE events.position > $1::bigint ORDER BY events.position LIMIT $2`,
        [lastPosition, pageSize],
      );
      for (const row of rows) {
        if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
      }
      eventCount += rows.length;
      const last = rows.at(-1);
      if (last === undefined) break;
      lastPosition = last.position;
    }
    out.end();
    await once(out, 'finish');
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  await copyIfPresent(path.join(options.dataDir, 'blobs'), path.join(options.target, 'blobs'));
  for (const name of backedUpSecrets) {
    await copyIfPresent(path.join(options.dataDir, 'secrets', name), path.join(options.target, 'secrets', name));
  }
  const manifest: BackupManifest = {
    format: formatVersion,
    createdAt: new Date().toISOString(),
    eventCount,
    lastPosition,
  };
  await writeFile(path.join(options.target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreOutcome {
  readonly eventCount: number;
  /** Transaction ids used up so that new appends land after the restored events (see advanceTransactionIds). */
  readonly advancedIds: number;
  readonly rebuilt: readonly { readonly name: string; readonly eventCount: number }[];
}

/**
 * Restores `source` into an empty event store and DATA_DIR, then rebuilds every read model from the events.
 * Refuses a database that already has events (it never merges two histories).
 */
export async function restore(options: {
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly source: string;
  readonly onProgress?: (message: string) => void;
}): Promise<RestoreOutcome> {
  const progress = options.onProgress ?? (() => undefined);
  const manifest = JSON.parse(await readFile(path.join(options.source, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== formatVersion)
    throw new BackupError(`backup format ${manifest.format} is not ${formatVersion}`);
  await migrateDatabase(options.databaseUrl);
  const pool = createPool(options.databaseUrl, { max: 2, applicationName: 'oj-restore' });
  const store = await createEventStore({ databaseUrl: options.databaseUrl });
  try {
    const { rows } = await pool.query<{ count: string }>('SELECT count(*)::text AS count FROM event_store.events');
    if (rows[0]?.count !== '0') {
      throw new BackupError('the event store is not empty: restore only into an empty database');
    }
    await restoreFiles(options.source, options.dataDir);
    const eventCount = await insertEvents(pool, path.join(options.source, 'events.ndjson'));
    if (eventCount !== manifest.eventCount) {
      throw new BackupError(`events.ndjson has ${eventCount} events, the manifest says ${manifest.eventCount}`);
    }
    progress(`restored ${eventCount} events`);
    const started = performance.now();
    const advancedIds = await advanceTransactionIds(pool, BigInt(manifest.lastPosition));
    progress(`used up ${advancedIds} transaction ids in ${Math.round(performance.now() - started)} ms`);
    await advanceIdSequences(pool);
    const db = createKysely(pool);
    const rebuilt = [];
    for (const projection of projections) {
      const outcome = await rebuildProjection({ db, store, projection });
      progress(`rebuilt ${projection.name} (${outcome.eventCount} events)`);
      rebuilt.push({ name: projection.name, eventCount: outcome.eventCount });
    }
    return { eventCount, advancedIds, rebuilt };
  } finally {
    await store.close();
    await pool.end();
  }
}

async function insertEvents(pool: pg.Pool, file: string): Promise<number> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let batch: EventRow[] = [];
  let count = 0;
  const seen = new Set<string>();
  const flush = async () => {
    if (batch.length === 0) return;
    await pool.query(
      `INSERT INTO event_store.events (position, stream, revision, event_id, event_type, data, metadata, recorded_at)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[],
                            $8::timestamptz[])`,
      [
        batch.map((row) => row.position),
        batch.map((row) => row.stream),
        batch.map((row) => row.revision),
        batch.map((row) => row.event_id),
        batch.map((row) => row.event_type),
        batch.map((row) => JSON.stringify(row.data)),
        batch.map((row) => JSON.stringify(row.metadata)),
        batch.map((row) => row.recorded_at),
      ],
    );
    count += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as EventRow;
    if (seen.has(row.position))
      throw new BackupError(`events.ndjson repeats position ${row.position}: ${line.slice(0, 300)}`);
    seen.add(row.position);
    batch.push(row);
    if (batch.length >= 1_000) await flush();
  }
  await flush();
  return count;
}

/**
 * A position is (the appending transaction's id << 20) + index (events/src/store/postgres): readers see rows
 * below pg_snapshot_xmin << 20, and new appends must land after the restored ones. A fresh cluster's
 * transaction ids are behind the old one's, so ids are used up (one short committed transaction each, inside
 * the server) until the next one is past the last restored position. That is quick for the few million ids
 * of a site's life; a cluster restored with pg_basebackup keeps its ids and needs none of this.
 */
async function advanceTransactionIds(pool: pg.Pool, lastPosition: bigint): Promise<number> {
  const needed = (lastPosition >> 20n) + 1n;
  const { rows } = await pool.query<{ current: string }>('SELECT pg_current_xact_id()::text AS current');
  const gap = needed - BigInt(rows[0]?.current ?? '0');
  if (gap <= 0n) return 0;
  await pool.query(
    `DO $$ BEGIN FOR i IN 1..${gap.toString()} LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`,
  );
  return Number(gap);
}

/**
 * Problem and submission ids come from PostgreSQL sequences (HOJ's auto-increment ids), which a fresh database
 * starts at 1000 again: each is moved past the highest id a restored stream names, or the next problem or
 * submission would take a restored one's id.
 */
const idSequences = [
  { sequence: 'problem_ids', streamPattern: '^problem-(\\d+)$' },
  { sequence: 'submission_id_seq', streamPattern: '^submission-(\\d+)$' },
] as const;

async function advanceIdSequences(pool: pg.Pool): Promise<void> {
  for (const { sequence, streamPattern } of idSequences) {
    await pool.query(
      `SELECT setval($1::regclass, last) FROM (
         SELECT max(substring(stream FROM $2)::bigint) AS last FROM event_store.events WHERE stream ~ $2
       ) AS restored WHERE last IS NOT NULL`,
      [sequence, streamPattern],
    );
  }
}

async function restoreFiles(source: string, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await copyIfPresent(path.join(source, 'blobs'), path.join(dataDir, 'blobs'));
  for (const name of backedUpSecrets) {
    const from = path.join(source, 'secrets', name);
    if (!(await exists(from))) continue;
    const to = path.join(dataDir, 'secrets', name);
    if ((await exists(to)) && (await readFile(to, 'utf8')) !== (await readFile(from, 'utf8'))) {
      throw new BackupError(`${to} exists and differs from the backup's: restore into an empty DATA_DIR`);
    }
    await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    await cp(from, to, { mode: 0 });
  }
}

async function copyIfPresent(from: string, to: string): Promise<void> {
  if (!(await exists(from))) return;
  await cp(from, to, { recursive: true, preserveTimestamps: true });
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
