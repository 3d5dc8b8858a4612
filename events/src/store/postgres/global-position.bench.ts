import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '../../testing';

/**
 * The measurement behind the global-position design (docs/events-store.md): the two known designs as bare
 * SQL, N writers appending single-event transactions while one subscriber follows.
 * Run: OJ_BENCH_DATABASE_URL=postgres://…/postgres npx tsx events/src/store/postgres/global-position.bench.ts
 */
interface Design {
  readonly name: string;
  append(client: pg.PoolClient, stream: string, revision: number): Promise<void>;
  readonly readAfter: string;
}

const schema = `
  CREATE TABLE bench_events (position bigint PRIMARY KEY, stream text NOT NULL, revision bigint NOT NULL,
    event_id uuid NOT NULL UNIQUE, data jsonb NOT NULL, UNIQUE (stream, revision));
  CREATE TABLE bench_counter (id int PRIMARY KEY, value bigint NOT NULL);
  INSERT INTO bench_counter VALUES (1, 0);`;

const insert = 'INSERT INTO bench_events (position, stream, revision, event_id, data) VALUES';

const designs: readonly Design[] = [
  {
    name: 'counter row held until commit',
    async append(client, stream, revision) {
      await client.query('BEGIN');
      const { rows } = await client.query<{ value: string }>(
        'UPDATE bench_counter SET value = value + 1 WHERE id = 1 RETURNING value',
      );
      await client.query(`${insert} ($1, $2, $3, $4, '{}')`, [rows[0]?.value, stream, revision, randomUUID()]);
      await client.query("SELECT pg_notify('bench', '')");
      await client.query('COMMIT');
    },
    readAfter: 'SELECT position, stream, revision FROM bench_events WHERE position > $1 ORDER BY position LIMIT 500',
  },
  {
    name: 'xid8 position, read below pg_snapshot_xmin',
    async append(client, stream, revision) {
      await client.query('BEGIN');
      await client.query(`${insert} (pg_current_xact_id()::text::bigint << 20, $1, $2, $3, '{}')`, [
        stream,
        revision,
        randomUUID(),
      ]);
      await client.query("SELECT pg_notify('bench', '')");
      await client.query('COMMIT');
    },
    readAfter: `SELECT position, stream, revision FROM bench_events WHERE position > $1
      AND position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint << 20 ORDER BY position LIMIT 500`,
  },
];

async function measure(pool: pg.Pool, design: Design, writers: number, perWriter: number): Promise<string> {
  await pool.query(`DROP TABLE IF EXISTS bench_events, bench_counter; ${schema}`);
  const committedAt = new Map<string, number>();
  const seenAt = new Map<string, number>();
  let after = 0n;
  let isAppending = true;
  const started = performance.now();
  const following = (async () => {
    while (isAppending || seenAt.size < writers * perWriter) {
      const { rows } = await pool.query<{ position: string; stream: string; revision: string }>(design.readAfter, [
        after.toString(),
      ]);
      for (const row of rows) {
        if (BigInt(row.position) <= after) throw new Error('positions went backwards');
        after = BigInt(row.position);
        seenAt.set(`${row.stream.slice(2)}-${row.revision}`, performance.now());
      }
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const client = await pool.connect();
      for (let revision = 0; revision < perWriter; revision++) {
        await design.append(client, `s-${writer}`, revision);
        committedAt.set(`${writer}-${revision}`, performance.now());
      }
      client.release();
    }),
  );
  const appendMs = performance.now() - started;
  isAppending = false;
  await following;
  const total = writers * perWriter;
  // Commit time is taken when COMMIT returns to the writer, so the subscriber can be "early": lag 0.
  const lagsMs = [...seenAt]
    .map(([key, seen]) => Math.max(0, seen - (committedAt.get(key) ?? seen)))
    .sort((a, b) => a - b);
  const percentile = (fraction: number): string => (lagsMs[Math.floor(fraction * (lagsMs.length - 1))] ?? 0).toFixed(1);
  return `${design.name}, ${writers}×${perWriter}: ${Math.round((total / appendMs) * 1000)} appends/s; commit→seen p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms, max ${percentile(1)} ms`;
}

const serverUrl = process.env.OJ_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) throw new Error('set OJ_BENCH_DATABASE_URL to a Postgres server URL');
const database = await createTestDatabase(serverUrl);
const pool = new pg.Pool({ connectionString: database.url, max: 12 });
try {
  for (const writers of [1, 8]) {
    for (const design of designs) console.log(await measure(pool, design, writers, 1000));
  }
} finally {
  await pool.end();
  await database.drop();
}
