import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import type { EventStore, NewEvent } from '../event-store';
import { createTestDatabase } from '../../testing/test-database';
import { createPostgresEventStore } from './postgres-event-store';

/**
 * `npm run bench -- store` (issue 14 item 4): the Postgres store's appends and replay against their targets,
 * each beside its physical limit measured in the same run on the same server: the same rows written and read
 * through bare pg, without the store's logic (stream lock, duplicate and revision checks, NOTIFY, settled reads).
 * The runner (testbed/src/event-store.bench.ts) starts an embedded Postgres unless DATABASE_URL names a server.
 */
const writers = 8;
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const singlePerWriter = Number(process.env.BENCH_SINGLE_PER_WRITER ?? 250);
const batchesPerWriter = Number(process.env.BENCH_BATCHES_PER_WRITER ?? 10);
const batchSize = 250;

/** About the size of a judged submission's event (verdict, time, memory, score, per-case results). */
const payload = {
  submissionId: 123456,
  attempt: 1,
  status: 'AC',
  time: 31,
  memory: 4096,
  score: 100,
  cases: Array.from({ length: 5 }, (_, index) => ({ caseId: index + 1, status: 'AC', time: 6, memory: 4000 })),
};
const newEvent = (): NewEvent => ({
  id: randomUUID(),
  type: 'BenchEventAppended',
  data: payload,
  metadata: { actor: 'root', correlationId: randomUUID() },
});
const newBatch = (): NewEvent[] => Array.from({ length: batchSize }, newEvent);

export interface StoreFigure {
  readonly figure: string;
  readonly perSecond: number;
  readonly target: number | string;
  readonly limitPerSecond: number;
  readonly ofLimit: string;
  /** os.loadavg() after the store's figure / after its limit's. */
  readonly loadavg: string;
}

export async function measureEventStore(serverUrl: string): Promise<readonly StoreFigure[]> {
  const database = await createTestDatabase(serverUrl);
  const store = await createPostgresEventStore({ connectionString: database.url, maxConnections: writers + 2 });
  // The A/B of group commit on this server: the same store with 2 transactions in flight, so the 8 writers share
  // them (the default opens up to 8, so 8 writers never wait for one and group only past that).
  const groupedStore = await createPostgresEventStore({
    connectionString: database.url,
    maxConnections: writers + 2,
    appendsInFlight: 2,
  });
  const pool = new pg.Pool({ connectionString: database.url, max: writers + 2 });
  try {
    await pool.query('CREATE TABLE raw_events (LIKE event_store.events INCLUDING ALL)');
    // Store and limit alternate, round after round, and each figure is the median: the machine is shared.
    const rounds = {
      single: [] as Measured[],
      grouped: [] as Measured[],
      rawSingle: [] as Measured[],
      batched: [] as Measured[],
      rawBatched: [] as Measured[],
      replay: [] as Measured[],
      catchUp: [] as Measured[],
      rawScan: [] as Measured[],
    };
    for (let round = 0; round < roundCount; round++) {
      rounds.single.push(await singleAppends(store, `${round}`));
      rounds.grouped.push(await singleAppends(groupedStore, `grouped-${round}`));
      rounds.rawSingle.push(await rawSingleInserts(pool, round));
      rounds.batched.push(await batchedAppends(store, round));
      rounds.rawBatched.push(await rawBatchedInserts(pool, round));
    }
    for (let round = 0; round < roundCount; round++) {
      rounds.replay.push(await readAllEvents(store));
      rounds.catchUp.push(await subscribeToHead(store));
      rounds.rawScan.push(await rawScanEvents(pool));
    }
    const median = (samples: Measured[]) =>
      [...samples].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(samples.length / 2)] ?? measured(0);
    return [
      figureOf('single appends, 8 writers (events/s)', median(rounds.single), 1_000, median(rounds.rawSingle)),
      figureOf(
        'single appends, 8 writers, 2 group commits in flight (events/s)',
        median(rounds.grouped),
        1_000,
        median(rounds.rawSingle),
      ),
      figureOf(
        `batched appends of ${batchSize}, 8 writers (events/s)`,
        median(rounds.batched),
        10_000,
        median(rounds.rawBatched),
      ),
      figureOf('replay: readAll (events/s)', median(rounds.replay), 20_000, median(rounds.rawScan)),
      figureOf('replay: subscribeAll to head (events/s)', median(rounds.catchUp), 20_000, median(rounds.rawScan)),
    ];
  } finally {
    await store.close();
    await groupedStore.close();
    await pool.end();
    await database.drop();
  }
}

interface Measured {
  readonly perSecond: number;
  /** os.loadavg() when the measurement ended: the machine is shared. */
  readonly loadavg: string;
}

/** os.loadavg() as the store's benches print it: "1.23 0.98 0.75". */
export const loadavgText = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const measured = (perSecond: number): Measured => ({ perSecond, loadavg: loadavgText() });

function figureOf(figure: string, store: Measured, target: number, limit: Measured): StoreFigure {
  return {
    figure,
    perSecond: Math.round(store.perSecond),
    target: `>= ${target}${store.perSecond >= target ? '' : ' (missed)'}`,
    limitPerSecond: Math.round(limit.perSecond),
    ofLimit: `${Math.round((store.perSecond / limit.perSecond) * 100)} %`,
    loadavg: `${store.loadavg} / ${limit.loadavg}`,
  };
}

/** Rate of `count` items done by `writers` concurrent loops. */
async function rateOf(count: number, run: (writer: number) => Promise<void>): Promise<Measured> {
  const started = performance.now();
  await Promise.all(Array.from({ length: writers }, (_, writer) => run(writer)));
  return measured(count / ((performance.now() - started) / 1000));
}

/** Each writer appends to its own stream, one event per append, with the expected revision (as commands do). */
function singleAppends(store: EventStore, round: string): Promise<Measured> {
  return rateOf(writers * singlePerWriter, async (writer) => {
    for (let revision = 0; revision < singlePerWriter; revision++) {
      const expectedRevision = revision === 0 ? 'no_stream' : BigInt(revision - 1);
      await store.append(`single-${round}-${writer}`, [newEvent()], { expectedRevision });
    }
  });
}

function batchedAppends(store: EventStore, round: number): Promise<Measured> {
  return rateOf(writers * batchesPerWriter * batchSize, async (writer) => {
    let expectedRevision: bigint | 'no_stream' = 'no_stream';
    for (let batch = 0; batch < batchesPerWriter; batch++) {
      ({ nextExpectedRevision: expectedRevision } = await store.append(`batched-${round}-${writer}`, newBatch(), {
        expectedRevision,
      }));
    }
  });
}

const rawInsert = `INSERT INTO raw_events (position, stream, revision, event_id, event_type, data, metadata)
  SELECT (pg_current_xact_id()::text::bigint << 20) + batch.index - 1, $1, $2::bigint + batch.index - 1,
         batch.event_id, batch.event_type, batch.data, batch.metadata
  FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY
       AS batch(event_id, event_type, data, metadata, index)`;

const rawInsertValues = (stream: string, firstRevision: number, events: readonly NewEvent[]) => [
  stream,
  firstRevision,
  events.map((event) => event.id),
  events.map((event) => event.type),
  events.map((event) => JSON.stringify(event.data)),
  events.map((event) => JSON.stringify(event.metadata)),
];

/** The limit for single appends: one autocommitted INSERT of the same row per event, no checks, no NOTIFY. */
function rawSingleInserts(pool: pg.Pool, round: number): Promise<Measured> {
  return rateOf(writers * singlePerWriter, async (writer) => {
    const client = await pool.connect();
    try {
      for (let revision = 0; revision < singlePerWriter; revision++) {
        await client.query(rawInsert, rawInsertValues(`single-${round}-${writer}`, revision, [newEvent()]));
      }
    } finally {
      client.release();
    }
  });
}

function rawBatchedInserts(pool: pg.Pool, round: number): Promise<Measured> {
  return rateOf(writers * batchesPerWriter * batchSize, async (writer) => {
    const client = await pool.connect();
    try {
      for (let batch = 0; batch < batchesPerWriter; batch++) {
        await client.query(rawInsert, rawInsertValues(`batched-${round}-${writer}`, batch * batchSize, newBatch()));
      }
    } finally {
      client.release();
    }
  });
}

async function readAllEvents(store: EventStore): Promise<Measured> {
  const started = performance.now();
  const events = await store.readAll();
  return measured(events.length / ((performance.now() - started) / 1000));
}

/** What a projector or a rebuild does: catch up from 0 to the head through the subscription. */
async function subscribeToHead(store: EventStore): Promise<Measured> {
  const started = performance.now();
  let count = 0;
  for await (const _event of store.subscribeAll({ upTo: await store.headPosition() })) count++;
  return measured(count / ((performance.now() - started) / 1000));
}

/** The limit for replay: one sequential scan of the same rows in position order, parsed by pg, nothing else. */
async function rawScanEvents(pool: pg.Pool): Promise<Measured> {
  const started = performance.now();
  const { rows } = await pool.query('SELECT * FROM event_store.events ORDER BY position');
  return measured(rows.length / ((performance.now() - started) / 1000));
}
