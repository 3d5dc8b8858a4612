import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { problemStream, userStream, type RecordedEvent } from '@oj/events';
import { aProblemCreated, aUserRegistered, createTestDatabase } from '@oj/events/testing';
import { createKysely, createPool, createTokenService, migrateDatabase, systemClock } from '@oj/platform';
import { startEmbeddedPostgres } from '@oj/platform/testing';
import { applyBatch, projections } from '@oj/projector';
import { queryApi } from '@oj/query';
import { historyOf } from '../../scoreboard.bench';

/**
 * `npm run bench -- history feed`: the ICPC event feed of the 10,000 × 13 × 200,000 contest (the scoreboard
 * bench's history: BENCH_CONTESTANTS, BENCH_SUBMISSIONS) read whole from token 0 over HTTP by its admin, target
 * under 10 s. The history goes through the projections the feed reads (audit entries, submissions, contests,
 * problems, users), fed straight to the runner's batch code. Beside the figure: the floor measured in the same
 * run (the same audit rows read and parsed by one SELECT), and the server's peak heap growth while it streamed (the feed
 * pages; it must not hold the contest).
 */
export async function runCcsEventFeedBench(): Promise<Record<string, unknown>> {
  const contestants = Number(process.env.BENCH_CONTESTANTS ?? 10_000);
  const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 200_000);
  const stops: (() => Promise<void>)[] = [];
  const scratchRoot = path.resolve(import.meta.dirname, '../../../../.tmp');
  await mkdir(scratchRoot, { recursive: true });
  const scratch = await mkdtemp(path.join(scratchRoot, 'ccs-feed-bench-'));
  await chmod(scratch, 0o755);
  try {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const running = await startEmbeddedPostgres(path.join(scratch, 'pg'), await freePort());
      stops.push(() => running.stop());
      serverUrl = running.url;
    }
    const database = await createTestDatabase(serverUrl);
    stops.push(() => database.drop());
    await migrateDatabase(database.url);
    const pool = createPool(database.url, { max: 8, applicationName: 'ccs-feed-bench' });
    stops.push(() => pool.end());
    const db = createKysely(pool);

    const events = withAccountsAndProblems(historyOf(contestants, submissions));
    const seeded = performance.now();
    const needed = ['users', 'problems', 'contests', 'submissions', 'audit-entries'];
    // Each projection writes its own tables: they are fed side by side.
    await Promise.all(
      projections
        .filter((candidate) => needed.includes(candidate.name))
        .map(async (projection) => {
          for (let start = 0; start < events.length; start += 5000) {
            await applyBatch(db, projection, events.slice(start, start + 5000));
          }
        }),
    );
    const seedSeconds = (performance.now() - seeded) / 1000;
    await sql`VACUUM ANALYZE audit_entries`.execute(db);
    await sql`VACUUM ANALYZE submissions`.execute(db);

    const app = Fastify({ logger: false });
    const tokens = createTokenService({ secret: 'ccs-event-feed-bench-secret-of-32-chars', clock: systemClock });
    await app.register(queryApi, { prefix: '/api', db, tokens, defaultBaseUrl: 'http://oj.test', mailFrom: null });
    const port = await freePort();
    await app.listen({ host: '127.0.0.1', port });
    stops.push(() => app.close());
    const token = await tokens.issue('creator', 0);

    // The floor: the same audit rows read and parsed by one query (no fold, no JSON out, no HTTP).
    const floorStarted = performance.now();
    const floor = await db
      .selectFrom('audit_entries')
      .select(['position', 'kind', 'command', 'submission_id', 'problem_id', 'user_id', 'recorded_at', 'changes'])
      .where('contest_id', '=', 1)
      .orderBy('position')
      .execute();
    const floorSeconds = (performance.now() - floorStarted) / 1000;
    const auditRows = floor.length;
    floor.length = 0;

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 50);
    const started = performance.now();
    const { lines, bytes, status } = await readFeed(port, token);
    const feedSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (status !== 200) throw new Error(`the feed answered ${status}`);
    return {
      contestants,
      submissions,
      events: events.length,
      auditRows,
      seedSeconds: round(seedSeconds),
      feedLines: lines,
      feedMegabytes: round(bytes / 1e6),
      wholeFeedFromToken0: `${round(feedSeconds)} s (target < 10 s)`,
      linesPerSecond: Math.round(lines / feedSeconds),
      floorOneSelectOfTheAuditRows: `${round(floorSeconds)} s`,
      serverPeakHeapGrowthMegabytes: round((heapPeak - heapBefore) / 1e6),
      loadavg: loadavg()
        .map((load) => load.toFixed(2))
        .join(' '),
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The history with its admin account and its 13 problems first (the feed's problem lines need them), renumbered. */
function withAccountsAndProblems(history: readonly RecordedEvent[]): RecordedEvent[] {
  const first = history[0];
  const at = first?.recordedAt ?? new Date().toISOString();
  const extra = (stream: string, event: { type: string; data: unknown }): RecordedEvent => ({
    id: randomUUID(),
    stream,
    type: event.type,
    data: event.data,
    revision: 0n,
    position: 0n,
    metadata: {},
    recordedAt: at,
  });
  const setup = [
    extra(userStream('creator'), aUserRegistered({ userId: 'creator', username: 'creator', role: 'root' })),
    ...Array.from({ length: 13 }, (_, index) =>
      extra(problemStream(index + 1), aProblemCreated({ problemId: index + 1, creatorId: 'creator' })),
    ),
  ];
  return [...setup, ...history].map((event, index) => ({ ...event, position: BigInt(index + 1) }));
}

/** Reads the whole feed as a client would, keeping only counts (the client must not be the bottleneck). */
function readFeed(port: number, token: string): Promise<{ lines: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path: '/api/ccs/contests/1/event-feed', headers: { authorization: token } },
      (response) => {
        let lines = 0;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
        });
        response.on('end', () => resolve({ lines, bytes, status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
