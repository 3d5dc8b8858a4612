import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { constants as perfConstants, performance, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { submissionStream, type RecordedEvent } from '@oj/events';
import {
  aSubmissionJudged,
  benchContestHistory,
  benchContestId,
  createTestDatabase,
  rebuildSourceOf,
  someJudgeSettings,
} from '@oj/events/testing';
import { createKysely, createPool, findFreePort, migrateDatabase } from '@oj/platform';
import { startEmbeddedPostgres } from '@oj/platform/testing';
import type { Database } from '@oj/read-models';
// The bench times the query service's own page read (a bench-only reach into the other service).
import { applyBatch, projections, rebuildProjection, type Projection } from '@oj/projector';
import { readRankedPage } from '@oj/query/testing';
import { ms, percentile } from './bench-statistics';
import { cpuWorkMeter, cpuWorkReport, type CpuWork } from './cpu-work';

/**
 * `npm run bench -- scoreboard`: the live ACM board of one contest with BENCH_CONTESTANTS (10,000) users,
 * 13 problems and BENCH_SUBMISSIONS (200,000) judged submissions. Events are fed straight to the runner's
 * batch code, and the rebuild reads them from memory (reading them back from the store is the store's own
 * bench), so the figures are projection and read-model work. Page 1 is the query service's `readRankedPage`
 * for a logged-in contestant (own row pinned) with a star user and awards.
 * DATABASE_URL points it at a server; otherwise it starts an embedded Postgres of its own.
 */
const acmScoreboardProjection = (() => {
  const projection = projections.find((candidate) => candidate.name === 'acm-scoreboard');
  if (!projection) throw new Error('the projector registers no acm-scoreboard projection');
  return projection;
})();

const contestId = benchContestId;
/** Left out of the board, as the query service leaves out the contest's creator (the bench contest's default). */
const creator = 'creator';
const problems = 13;

async function feed(db: Kysely<Database>, events: readonly RecordedEvent[], batchSize: number): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < events.length; start += batchSize) {
    await applyBatch(db, acmScoreboardProjection, events.slice(start, start + batchSize));
  }
  return performance.now() - started;
}

/** Page 1 of get-contest-rank as contestant u4242 sees it: their own row pinned, one star user, gold and silver. */
const readPageOne = (db: Kysely<Database>) =>
  readRankedPage(
    db,
    { contestId, type: 'ACM' },
    { sealed: false, containsEnd: false },
    [creator],
    {
      type: 'ACM',
      starAccounts: ['u42'],
      removeStar: false,
      awardType: 2,
      awards: [
        { priority: 1, name: 'gold', background: '#e6bf25', color: '#fff', num: 10 },
        { priority: 2, name: 'silver', background: '#b4c0c7', color: '#fff', num: 20 },
      ],
    },
    { viewerId: 'u4242', concernedList: [], keyword: null, rankShowName: 'username', currentPage: 1, limit: 50 },
  );

export async function runScoreboardBench() {
  const contestants = Number(process.env.BENCH_CONTESTANTS ?? 10_000);
  const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 200_000);
  const stops: (() => Promise<void>)[] = [];
  const scratchRoot = path.resolve(import.meta.dirname, '../../.tmp');
  await mkdir(scratchRoot, { recursive: true });
  const scratch = await mkdtemp(path.join(scratchRoot, 'scoreboard-bench-'));
  // Postgres runs as its own user under root and must traverse the scratch dir.
  await chmod(scratch, 0o755);
  try {
    let serverUrl = process.env.DATABASE_URL;
    let postmasterPid: number | null = null;
    if (!serverUrl) {
      const running = await startEmbeddedPostgres(path.join(scratch, 'pg'), await findFreePort());
      stops.push(() => running.stop());
      serverUrl = running.url;
      postmasterPid = running.pid;
    }
    const database = await createTestDatabase(serverUrl);
    stops.push(() => database.drop());
    await migrateDatabase(database.url);
    const pool = createPool(database.url, { max: 4, applicationName: 'scoreboard-bench' });
    stops.push(() => pool.end());
    const db = createKysely(pool);
    const loadBefore = loadavg();
    let events: RecordedEvent[] | null = benchContestHistory({ contestants, problems, submissions });
    const eventCount = events.length;
    const buildMs = await feed(db, events, 500);
    // A board live for a while has been through autovacuum (statistics, dead row versions of the churn
    // cleared); a rebuild analyzes before its swap. The bench builds the board in seconds, so it does that.
    for (const table of acmScoreboardProjection.tables) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
    // Nor does it still hold the seeding's dirty pages: without a checkpoint here the checkpointer may be writing
    // them out (and fsyncing) while the verdicts are timed.
    await sql`CHECKPOINT`.execute(db);
    const pageSamples: number[] = [];
    for (let round = 0; round < 200; round++) {
      const started = performance.now();
      await readPageOne(db);
      pageSamples.push(performance.now() - started);
    }
    // One more verdict, then the board read that shows it: what a viewer waits for after the judge's append.
    let position = events.at(-1)?.position ?? 0n;
    // The projector does not hold the history in memory: nor does the bench while it times verdicts (its 400,014
    // events kept the heap near 1 GB, and the collector's pauses landed in the samples). The rebuild regenerates it.
    events = null;
    // A projector process holds no seed: collect what the seeding left before the timing starts, so that no
    // major collection of a gigabyte heap (its marking threads take a core of the two) lands among the verdicts.
    const heapBeforeMb = collectFully();
    const verdictSamples: number[] = [];
    const applySamples: number[] = [];
    const floorSamples: number[] = [];
    const roundTripSamples: number[] = [];
    const cpuWork = cpuWorkMeter(postmasterPid);
    const workSamples: CpuWork[] = [];
    const rounds = Number(process.env.BENCH_VERDICTS ?? 200);
    // Node's collections while verdicts are timed: a scavenge inside a verdict's window is part of its time.
    const collections = watchCollections();
    const slowVerdicts: { readonly start: number; readonly end: number }[] = [];
    // The first rounds warm the statements' plans and the touched pages, as any board live for a minute is.
    const warmUpRounds = 20;
    for (let round = 0; round < rounds + warmUpRounds; round++) {
      const submissionId = 1 + ((round * 4001) % submissions);
      const rejudge: RecordedEvent[] = [
        {
          id: randomUUID(),
          stream: submissionStream(submissionId),
          type: 'SubmissionRejudgeRequested',
          revision: 2n,
          position: ++position,
          metadata: {},
          recordedAt: new Date().toISOString(),
          data: {
            submissionId,
            attempt: round + 1,
            requestedBy: 'root',
            requestedAt: new Date().toISOString(),
            judge: someJudgeSettings(),
          },
        },
      ];
      await applyBatch(db, acmScoreboardProjection, rejudge);
      const verdict: RecordedEvent = {
        id: randomUUID(),
        stream: submissionStream(submissionId),
        type: 'SubmissionJudged',
        revision: 3n,
        position: ++position,
        metadata: {},
        recordedAt: new Date().toISOString(),
        data: aSubmissionJudged({ submissionId, attempt: round + 1, status: 'AC' }),
      };
      const spent = cpuWork.start();
      const started = performance.now();
      await applyBatch(db, acmScoreboardProjection, [verdict]);
      const applied = performance.now() - started;
      const work = spent();
      if (round >= warmUpRounds && applied > 5) slowVerdicts.push({ start: started, end: started + applied });
      await readPageOne(db);
      const shown = performance.now() - started;
      const floor = await emptyBatchMs(db, ++position);
      const roundTrip = await roundTripMs(db);
      if (round < warmUpRounds) continue;
      roundTripSamples.push(roundTrip);
      applySamples.push(applied);
      workSamples.push(work);
      verdictSamples.push(shown);
      floorSamples.push(floor);
    }
    const collected = collections.stop();
    const slowWithCollection = slowVerdicts.filter((verdict) =>
      collected.some((gc) => gc.end > verdict.start && gc.start < verdict.end),
    ).length;
    const rebuildStarted = performance.now();
    const rebuilt = await rebuildProjection({
      db,
      store: rebuildSourceOf(benchContestHistory({ contestants, problems, submissions })),
      projection: acmScoreboardProjection,
    });
    const rebuildMs = performance.now() - rebuildStarted;
    const rows = await sql<{ count: string }>`SELECT count(*) FROM acm_scoreboard_rows WHERE view = 'live'`.execute(db);
    return {
      contestants,
      problems,
      submissions,
      events: eventCount,
      boardRows: Number(rows.rows[0]?.count ?? 0),
      projectionEventsPerSecond: Math.round(eventCount / (buildMs / 1000)),
      projectionMsPerVerdictP50: ms(percentile(applySamples, 50)),
      projectionMsPerVerdictP99: ms(percentile(applySamples, 99)),
      projectionPerVerdict: `p50 ${ms(percentile(applySamples, 50))} ms, p99 ${ms(percentile(applySamples, 99))} ms (target p99 < 5 ms)`,
      projectionCpuPerVerdict: cpuWorkReport(workSamples),
      runnerFloorPerBatch: `p50 ${ms(percentile(floorSamples, 50))} ms, p99 ${ms(percentile(floorSamples, 99))} ms (the runner's batch for a projection that does nothing: BEGIN with the lock, then the checkpoint with NOTIFY and COMMIT)`,
      roundTrip: `p50 ${ms(percentile(roundTripSamples, 50))} ms, p99 ${ms(percentile(roundTripSamples, 99))} ms (one SELECT 1 on the pool: a verdict's batch is three of these, the floor two)`,
      heapAtStartMb: heapBeforeMb,
      collectionsWhileTimed: `${collected.length}, ${collected.filter((gc) => gc.major).length} major (${ms(collected.reduce((sum, gc) => sum + gc.end - gc.start, 0))} ms in all, the longest ${ms(Math.max(0, ...collected.map((gc) => gc.end - gc.start)))} ms) over ${rounds + warmUpRounds} rounds; ${slowWithCollection} of the ${slowVerdicts.length} verdicts over 5 ms had one inside`,
      loadavgBefore: loadBefore.map((load) => load.toFixed(2)).join(' '),
      loadavg: loadavg()
        .map((load) => load.toFixed(2))
        .join(' '),
      pageOneP50Ms: ms(percentile(pageSamples, 50)),
      pageOneP99Ms: ms(percentile(pageSamples, 99)),
      verdictToBoardP99Ms: ms(percentile(verdictSamples, 99)),
      rebuildSeconds: ms(rebuildMs / 1000),
      rebuildEventsPerSecond: Math.round(rebuilt.eventCount / (rebuildMs / 1000)),
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}

const collectionOf = (entry: { startTime: number; duration: number; detail?: unknown }) => ({
  start: entry.startTime,
  end: entry.startTime + entry.duration,
  major: (entry.detail as { kind?: number } | null)?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR,
});

/** A full collection now (the bench runs without --expose-gc); returns the heap left, in MB. */
function collectFully(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return Math.round(process.memoryUsage().heapUsed / 2 ** 20);
}

/** Node's garbage collections from now until `stop` (their start and end on performance.now()'s clock). */
function watchCollections() {
  const seen: { start: number; end: number; major: boolean }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push(collectionOf(entry));
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      for (const entry of observer.takeRecords()) {
        seen.push(collectionOf(entry));
      }
      observer.disconnect();
      return seen;
    },
  };
}

/** One bare round trip to PostgreSQL, timed beside each verdict: the unit a batch's cost is counted in. */
async function roundTripMs(db: Kysely<Database>): Promise<number> {
  const started = performance.now();
  await sql`SELECT 1`.execute(db);
  return performance.now() - started;
}

/** A projection that handles nothing: the runner's batch around it is all a verdict's batch cannot do without. */
const doNothingProjection: Projection = {
  name: 'bench-floor',
  tables: [],
  eventTypes: [],
  apply: async () => undefined,
};

/**
 * The physical floor of a verdict's batch, measured beside it: the runner's own `applyBatch` for a projection that
 * does nothing (its transaction, the lock that reads the checkpoint, the checkpoint write with its NOTIFY, and the
 * commit, asynchronous as every live batch's).
 */
async function emptyBatchMs(db: Kysely<Database>, position: bigint): Promise<number> {
  const recordedAt = new Date().toISOString();
  const nothing = { id: randomUUID(), stream: 'bench-floor', type: 'Nothing', revision: 0n, metadata: {}, data: {} };
  const started = performance.now();
  await applyBatch(db, doNothingProjection, [{ ...nothing, position, recordedAt }]);
  return performance.now() - started;
}
