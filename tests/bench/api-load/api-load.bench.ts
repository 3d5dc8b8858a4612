import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTestDatabase } from '@oj/events/testing';
import { createPool, createTokenService, findFreePort, migrateDatabase, systemClock } from '@oj/platform';
import { startEmbeddedPostgres } from '@oj/platform/testing';
import { loadStackConfig } from '../../../scripts/stack/config';
import { startStack, type RunningStack } from '../../../scripts/stack/stack';
import { memoryStackLog } from '../../../scripts/stack/stack-log';
import { contestId, seedApiLoadData, type SeedSize } from './api-load-seed';
import { sustainedRate, type LoadStep, type LoadTarget } from './load-ramp';
import { openWebsocketCrowd } from './websocket-crowd';

/**
 * `npm run bench -- api` (issue 14 item 4, "the API under load"): the requests per second the problem list, the
 * submission list and a 10,000-row contest's rank page sustain with p99 under 100 ms while 1,000 websockets are
 * open on /api/ws, beside the same harness against /api/health (the physical limit of this server on this
 * machine). The stack is the composition root's (`startStack`: embedded PostgreSQL seeded first, nats-server,
 * command and query APIs, the projector process; no judges), on loopback only; autocannon is bounded in time
 * (BENCH_STEP_SECONDS a step) and connections (BENCH_MAX_CONNECTIONS). Sizes: BENCH_PROBLEMS (2,000),
 * BENCH_SUBMISSIONS (200,000 practice), BENCH_CONTESTANTS (10,000) x 13 problems x BENCH_CONTEST_SUBMISSIONS
 * (200,000), BENCH_SOCKETS (1,000).
 */
const p99TargetMs = 100;
const jwtSecret = 'api-load-bench-secret-of-at-least-32-chars';

const numberFrom = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export async function runApiLoadBench() {
  const size: SeedSize = {
    problems: numberFrom('BENCH_PROBLEMS', 2000),
    submissions: numberFrom('BENCH_SUBMISSIONS', 200_000),
    contestants: numberFrom('BENCH_CONTESTANTS', 10_000),
    contestProblems: 13,
    contestSubmissions: numberFrom('BENCH_CONTEST_SUBMISSIONS', 200_000),
  };
  const sockets = numberFrom('BENCH_SOCKETS', 1000);
  const ramp = {
    stepSeconds: numberFrom('BENCH_STEP_SECONDS', 5),
    maxConnections: numberFrom('BENCH_MAX_CONNECTIONS', 64),
  };
  const stops: (() => Promise<void>)[] = [];
  const scratchRoot = path.resolve(import.meta.dirname, '../../../.tmp');
  await mkdir(scratchRoot, { recursive: true });
  const scratch = await mkdtemp(path.join(scratchRoot, 'api-load-bench-'));
  // PostgreSQL runs as its own user under root and must traverse the scratch dir.
  await chmod(scratch, 0o755);
  try {
    const postgres = await startEmbeddedPostgres(path.join(scratch, 'pg'), await findFreePort());
    stops.push(() => postgres.stop());
    const database = await createTestDatabase(postgres.url);
    await migrateDatabase(database.url);
    const seedStarted = performance.now();
    const pool = createPool(database.url, { max: 2, applicationName: 'api-load-seed' });
    await seedApiLoadData(pool, size, Date.now()).finally(() => pool.end());
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const stack = await startBenchStack(path.join(scratch, 'data'), database.url);
    stops.push(() => stack.stop());
    const tokens = createTokenService({ secret: jwtSecret, clock: systemClock });
    // A contestant (their own row is pinned on every page), as the rank page is seen during a contest.
    const viewerToken = await tokens.issue(`u${4242 % size.contestants}`, 0);
    const targets = loadTargets(viewerToken);
    for (const target of targets) await checkAnswers(stack.baseUrl, target);

    const heapBefore = settledHeapBytes();
    const userIds = Array.from({ length: sockets }, (_, index) => `u${index}`);
    const crowd = await openWebsocketCrowd({
      wsUrl: `${stack.baseUrl.replace('http', 'ws')}/api/ws`,
      tokens: await Promise.all(userIds.map((userId) => tokens.issue(userId, 0))),
      userIds,
      topics: [`contest:${contestId}`, `contest-scoreboard:${contestId}`],
      socketsPerAddress: 25,
    });
    stops.push(() => crowd.close());
    const heapPerSocketBytes = (settledHeapBytes() - heapBefore) / Math.max(1, crowd.count);

    const loadBefore = loadavg();
    const rows = [];
    let healthRate = 0;
    for (const target of targets) {
      const { best, steps } = await sustainedRate(target, { baseUrl: stack.baseUrl, p99TargetMs, ...ramp });
      const stepText = (step: LoadStep) =>
        `${step.connections}c ${step.requestsPerSecond}/s p50 ${step.p50Ms} p99 ${step.p99Ms} ms` +
        (step.failures ? ` (${step.failures} failed)` : '');
      console.log(`${target.name}: ${steps.map(stepText).join(' · ')}`);
      if (target.name === 'health') healthRate = best?.requestsPerSecond ?? 0;
      // No step within the target: the one-connection figures say by how much it is missed.
      const shown = best ?? steps[0];
      rows.push({
        endpoint: target.name,
        target: `max rps with p99 < ${p99TargetMs} ms`,
        meetsTarget: best !== null,
        rps: shown?.requestsPerSecond ?? 0,
        p50Ms: shown?.p50Ms ?? null,
        p99Ms: shown?.p99Ms ?? null,
        connections: shown?.connections ?? 0,
        ofHealth: healthRate > 0 ? Math.round(((shown?.requestsPerSecond ?? 0) / healthRate) * 1000) / 1000 : null,
      });
    }
    console.log(
      JSON.stringify({
        seed: { ...size, seconds: Math.round(seedSeconds) },
        openSockets: crowd.count,
        serverHeapPerSocketKiB: Math.round(heapPerSocketBytes / 102.4) / 10,
        loadavgBefore: loadBefore.map((value) => Math.round(value * 100) / 100),
        loadavgAfter: loadavg().map((value) => Math.round(value * 100) / 100),
      }),
    );
    return rows;
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
    await rm(scratch, { recursive: true, force: true });
  }
}

async function startBenchStack(dataDir: string, databaseUrl: string): Promise<RunningStack> {
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  const env = {
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    ROOT_PASSWORD: 'api-load-bench',
    JUDGE_WORKERS: '0',
    DEMO: '0',
    LOG_LEVEL: 'warn',
  };
  const log = memoryStackLog();
  try {
    return await startStack(loadStackConfig(env), { log, childEnv: env });
  } catch (error) {
    throw new Error(`the bench stack did not start: ${String(error)}\n${log.lines.join('\n')}`, { cause: error });
  }
}

/** HOJ's client's page sizes: 30 a page in the lists, 50 (the default) and 300 (the largest offered) on the board. */
function loadTargets(viewerToken: string): LoadTarget[] {
  const pages = [1, 2, 5, 20, 60];
  const rankPage = (limit: number, currentPage: number) => ({
    method: 'POST' as const,
    path: '/api/get-contest-rank',
    headers: { 'content-type': 'application/json', authorization: viewerToken },
    body: JSON.stringify({
      cid: contestId,
      currentPage,
      limit,
      forceRefresh: false,
      removeStar: false,
      concernedList: [],
      containsEnd: false,
    }),
  });
  return [
    { name: 'health', requests: [{ method: 'GET', path: '/api/health' }] },
    {
      name: 'get-problem-list (30)',
      requests: pages.map((page) => ({ method: 'GET', path: `/api/get-problem-list?currentPage=${page}&limit=30` })),
    },
    {
      name: 'get-submission-list (30)',
      requests: pages.map((page) => ({
        method: 'GET',
        path: `/api/get-submission-list?onlyMine=false&currentPage=${page}&limit=30`,
      })),
    },
    { name: 'get-contest-rank (50)', requests: [1, 2, 50, 199].map((page) => rankPage(50, page)) },
    { name: 'get-contest-rank (300)', requests: [1, 2, 17, 33].map((page) => rankPage(300, page)) },
  ];
}

/** Every request of a target answers HOJ's success envelope before it is timed (a fast error is no figure). */
async function checkAnswers(baseUrl: string, target: LoadTarget) {
  for (const request of target.requests) {
    const response = await fetch(new URL(request.path ?? '/', baseUrl), {
      method: request.method ?? 'GET',
      headers: request.headers as Record<string, string> | undefined,
      body: request.body as string | undefined,
    });
    const envelope = (await response.json()) as { status: number; msg: string };
    if (response.status !== 200 || envelope.status !== 200) {
      throw new Error(`${target.name} ${request.path}: HTTP ${response.status}, ${envelope.status} ${envelope.msg}`);
    }
  }
}

/** The API process's heap after a full collection (the crowd's client ends live in another process). */
function settledHeapBytes(): number {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}
