import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { contestStream, submissionStream, type RecordedEvent } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
  someJudgeSettings,
} from '@oj/events/testing';
import { createTestDatabase } from '@oj/events/testing';
import { createKysely, createPool, migrateDatabase } from '@oj/platform';
import { startEmbeddedPostgres } from '@oj/platform/testing';
import type { Database } from '@oj/read-models';
import { applyBatch } from '../../runner/apply-batch';
import { truncateTables } from '../../runner/testing/projection-testbed';
import { acmScoreboardProjection } from './scoreboards';

/**
 * `npm run bench -- scoreboard`: the live ACM board of one contest with BENCH_CONTESTANTS (10,000) users,
 * 13 problems and BENCH_SUBMISSIONS (200,000) judged submissions. Events are fed straight to the runner's
 * batch code (reading them back from the store is the store's own bench), so the figures are projection work.
 * DATABASE_URL points it at a server; otherwise it starts an embedded Postgres of its own.
 */
const contestId = 1;
const problems = 13;
const startMs = Date.parse('2026-01-10T10:00:00.000Z');
const durationSeconds = 5 * 3600;

function historyOf(contestants: number, submissions: number): RecordedEvent[] {
  let position = 0n;
  const recorded = (stream: string, type: string, data: unknown, revision = 0n): RecordedEvent => ({
    id: randomUUID(),
    stream,
    type,
    data,
    revision,
    position: ++position,
    metadata: {},
    recordedAt: new Date(startMs).toISOString(),
  });
  const settings = someContestSettings({
    startAt: new Date(startMs).toISOString(),
    endAt: new Date(startMs + durationSeconds * 1000).toISOString(),
    durationSeconds,
  });
  const events = [recorded(contestStream(contestId), 'ContestCreated', aContestCreated({ contestId, settings }))];
  for (let index = 1; index <= problems; index++) {
    const displayId = String.fromCharCode(64 + index);
    const data = aContestProblemAdded({ contestId, contestProblemId: index, problemId: index, displayId });
    events.push(recorded(contestStream(contestId), 'ContestProblemAdded', data, BigInt(index)));
  }
  // A deterministic spread: submissions in time order, users and problems by a fixed stride, ~30 % AC.
  for (let index = 1; index <= submissions; index++) {
    const userId = `u${(index * 7919) % contestants}`;
    const problem = ((index * 31) % problems) + 1;
    const submittedAt = new Date(startMs + Math.floor((index / submissions) * durationSeconds * 1000)).toISOString();
    const created = aSubmissionCreated({
      submissionId: index,
      userId,
      username: userId,
      contestId,
      contestProblemId: problem,
      problemId: problem,
      submittedAt,
    });
    events.push(recorded(submissionStream(index), 'SubmissionCreated', created));
    const status = index % 10 < 3 ? 'AC' : index % 10 < 8 ? 'WA' : 'CE';
    events.push(
      recorded(submissionStream(index), 'SubmissionJudged', aSubmissionJudged({ submissionId: index, status }), 1n),
    );
  }
  return events;
}

async function feed(db: Kysely<Database>, events: readonly RecordedEvent[], batchSize: number): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < events.length; start += batchSize) {
    await applyBatch(db, acmScoreboardProjection, events.slice(start, start + batchSize));
  }
  return performance.now() - started;
}

/**
 * The reads behind page 1 of get-contest-rank (mirroring the query service's contests.queries.ts): every
 * ordered row without cells (ranks need them all), then the page's cells and first blood.
 */
async function readPageOne(db: Kysely<Database>) {
  const { rows } = await sql<{ user_id: string }>`SELECT r.user_id, coalesce(u.username, r.username) AS username,
      u.realname, u.nickname, u.school, u.gender, u.avatar, r.ac, r.total_score, r.total_time, r.total
    FROM acm_scoreboard_rows r LEFT JOIN users u ON u.user_id = r.user_id
    WHERE r.contest_id = ${contestId} AND r.view = 'live'
    ORDER BY r.ac DESC, r.total_time ASC, r.first_time, r.first_submission_id`.execute(db);
  const page = rows.slice(0, 50).map((row) => row.user_id);
  await sql`SELECT user_id, submission_info, time_info FROM acm_scoreboard_rows
    WHERE contest_id = ${contestId} AND view = 'live' AND user_id IN (${sql.join(page)})`.execute(db);
  await sql`SELECT display_id, min(ac_time) FROM acm_scoreboard_solved
    WHERE contest_id = ${contestId} AND view = 'live' GROUP BY display_id`.execute(db);
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => Math.round(value * 100) / 100;

export async function runScoreboardBench() {
  const contestants = Number(process.env.BENCH_CONTESTANTS ?? 10_000);
  const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 200_000);
  const stops: (() => Promise<void>)[] = [];
  const scratchRoot = path.resolve(import.meta.dirname, '../../../../../.tmp');
  await mkdir(scratchRoot, { recursive: true });
  const scratch = await mkdtemp(path.join(scratchRoot, 'scoreboard-bench-'));
  // Postgres runs as its own user under root and must traverse the scratch dir.
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
    const pool = createPool(database.url, { max: 4, applicationName: 'scoreboard-bench' });
    stops.push(() => pool.end());
    const db = createKysely(pool);
    const events = historyOf(contestants, submissions);

    const buildMs = await feed(db, events, 500);
    const pageSamples: number[] = [];
    for (let round = 0; round < 200; round++) {
      const started = performance.now();
      await readPageOne(db);
      pageSamples.push(performance.now() - started);
    }
    // One more verdict, then the board read that shows it: what a viewer waits for after the judge's append.
    let position = events.at(-1)?.position ?? 0n;
    const verdictSamples: number[] = [];
    const applySamples: number[] = [];
    for (let round = 0; round < 50; round++) {
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
      const started = performance.now();
      await applyBatch(db, acmScoreboardProjection, [verdict]);
      applySamples.push(performance.now() - started);
      await readPageOne(db);
      verdictSamples.push(performance.now() - started);
    }
    await truncateTables(db, acmScoreboardProjection.tables);
    await db.deleteFrom('projection_checkpoints').where('name', '=', acmScoreboardProjection.name).execute();
    const rebuildMs = await feed(db, events, 2000);
    const rows = await sql<{ count: string }>`SELECT count(*) FROM acm_scoreboard_rows WHERE view = 'live'`.execute(db);
    return {
      contestants,
      problems,
      submissions,
      events: events.length,
      boardRows: Number(rows.rows[0]?.count ?? 0),
      projectionEventsPerSecond: Math.round(events.length / (buildMs / 1000)),
      projectionMsPerVerdictP50: ms(percentile(applySamples, 50)),
      projectionMsPerVerdictP99: ms(percentile(applySamples, 99)),
      pageOneP50Ms: ms(percentile(pageSamples, 50)),
      pageOneP99Ms: ms(percentile(pageSamples, 99)),
      verdictToBoardP99Ms: ms(percentile(verdictSamples, 99)),
      rebuildSeconds: ms(rebuildMs / 1000),
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}

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
