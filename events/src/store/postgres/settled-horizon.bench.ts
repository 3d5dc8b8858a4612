import pg from 'pg';
import { createTestDatabase } from '../../testing/test-database';
import { loadavgText } from './event-store.bench';
import { createPostgresEventStore } from './postgres-event-store';
import { settledHeadPosition } from './read-events';

/**
 * `npm run bench -- store horizon`: what the settled horizon's look at the backends costs (read-events.ts). With an
 * xid open in the snapshot, the horizon reads `pg_stat_get_activity` to skip xids of other databases; with none
 * open that subquery has nothing to test and is not run. The settled head read (the same horizon as every settled
 * page read; a named statement, as the store sends it) is timed one call at a time in three settings that take
 * turns round after round:
 * - nothing open on the server;
 * - a write transaction open in another database, with `idleConnections` more connections open beside it (the
 *   backends are read; the horizon is not held);
 * - the limit: the same transaction open, the head read with the horizon as it was before it learnt databases apart
 *   (`pg_snapshot_xmin`, no backends read; it is held there, so it answers a lower head, at the same cost).
 */
const readsPerRound = Number(process.env.BENCH_HORIZON_READS ?? 2_000);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 5);
const idleConnections = 50;
const eventCount = 10_000;

const headBeforeDatabases = `SELECT max(position) AS position FROM event_store.events
  WHERE position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint << 20`;

export interface HorizonFigure {
  readonly setting: string;
  readonly p50Micros: number;
  readonly p99Micros: number;
  readonly p50OverNothingOpen: string;
  readonly loadavg: string;
}

export async function measureSettledHorizon(serverUrl: string): Promise<readonly HorizonFigure[]> {
  const ours = await createTestDatabase(serverUrl);
  const elsewhere = await createTestDatabase(serverUrl);
  const store = await createPostgresEventStore({ connectionString: ours.url, maxConnections: 2 });
  // One connection reads in every setting, so only the statement differs.
  const reader = new pg.Pool({ connectionString: ours.url, max: 1 });
  const idle = Array.from({ length: idleConnections }, () => new pg.Client({ connectionString: elsewhere.url }));
  const open = new pg.Client({ connectionString: elsewhere.url });
  try {
    await Promise.all([open, ...idle].map((client) => client.connect()));
    for (let stream = 0; stream < eventCount / 100; stream++) {
      const events = Array.from({ length: 100 }, () => ({ id: crypto.randomUUID(), type: 'BenchNoted', data: {} }));
      await store.append(`horizon-${stream}`, events);
    }
    const samples = { nothingOpen: [] as number[], openElsewhere: [] as number[], beforeDatabases: [] as number[] };
    const loads: string[] = [];
    for (let round = 0; round < roundCount; round++) {
      samples.nothingOpen.push(...(await timeReads(() => settledHeadPosition(reader))));
      await open.query('BEGIN');
      await open.query('SELECT pg_current_xact_id()');
      samples.openElsewhere.push(...(await timeReads(() => settledHeadPosition(reader))));
      samples.beforeDatabases.push(
        ...(await timeReads(() => reader.query({ name: 'bench-head-before-databases', text: headBeforeDatabases }))),
      );
      await open.query('COMMIT');
      loads.push(loadavgText());
    }
    const baseline = percentile(samples.nothingOpen, 0.5);
    const figure = (setting: string, values: number[]): HorizonFigure => ({
      setting,
      p50Micros: Math.round(percentile(values, 0.5)),
      p99Micros: Math.round(percentile(values, 0.99)),
      p50OverNothingOpen: (percentile(values, 0.5) / baseline).toFixed(2),
      loadavg: `${loads[0]} … ${loads.at(-1)}`,
    });
    return [
      figure('settled head read, nothing open', samples.nothingOpen),
      figure(`settled head read, an xid open in another database (+${idleConnections} idle)`, samples.openElsewhere),
      figure('limit: the horizon before databases (pg_snapshot_xmin), same xid open', samples.beforeDatabases),
    ];
  } finally {
    await Promise.all([open, ...idle].map((client) => client.end()));
    await reader.end();
    await store.close();
    await ours.drop();
    await elsewhere.drop();
  }
}

async function timeReads(read: () => Promise<unknown>): Promise<number[]> {
  const micros: number[] = [];
  for (let index = 0; index < readsPerRound; index++) {
    const started = performance.now();
    await read();
    micros.push((performance.now() - started) * 1000);
  }
  return micros;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}
