import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { someJudgeSettings } from '@oj/events/testing';
import { startEmbeddedPostgres, startNatsServer } from '@oj/platform/testing';
import { loadJudgeConfig } from '../config';
import { findLanguage } from '../languages/registry';
import { createSandbox } from '../sandbox/create-sandbox';
import { createBlobStore, findFreePort } from '@oj/platform';
import { startDispatcher } from '../dispatch/dispatcher';
import type { JudgeAttempt } from './judge-attempt';
import { startJudgeWorker } from './judge-worker';
import { pipelineJudge } from './pipeline-judge';
import { createJudgeQueueTestbed, silentLog, type JudgeQueueTestbed } from '../queue/testing/judge-queue-testbed';

/**
 * A+B throughput through the whole queue: store → dispatcher → JetStream → worker slots → sandbox → store.
 * For each language and worker count, submits a batch at once and times until every verdict is stored;
 * reports the median submissions/s of a few rounds. Uses DATABASE_URL / NATS_URL when set (a server URL),
 * else starts an embedded Postgres and a nats-server of its own.
 */
const languages: readonly { readonly name: string; readonly code: string; readonly sandboxed: boolean }[] = [
  {
    name: 'C++',
    code: '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", a + b); }\n',
    sandboxed: true,
  },
  { name: 'Python3', code: 'a, b = map(int, input().split())\nprint(a + b)\n', sandboxed: true },
  // The queue's own ceiling: the same path with a judge that answers AC at once, no sandbox.
  { name: 'queue only (no sandbox)', code: '', sandboxed: false },
];
const workerCounts = [1, 2] as const;

export interface ThroughputRow {
  readonly language: string;
  readonly workers: number;
  readonly submissions: number;
  readonly rounds: readonly number[];
  readonly medianPerSecond: number;
}

export async function runJudgeThroughputBench(
  options: { submissions?: number; rounds?: number } = {},
): Promise<ThroughputRow[]> {
  const submissions = options.submissions ?? Number(process.env.BENCH_SUBMISSIONS ?? 20);
  const rounds = options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3);
  const root = path.resolve(import.meta.dirname, '../../../../.tmp');
  await mkdir(root, { recursive: true });
  const scratch = await mkdtemp(path.join(root, 'judge-bench-'));
  // The sandbox uids must traverse the data dir to reach work dirs and blobs.
  await chmod(scratch, 0o755);
  const stops: (() => Promise<void>)[] = [];
  try {
    const databaseUrl: string =
      process.env.DATABASE_URL ??
      (await startEmbeddedPostgres(path.join(scratch, 'pg'), await findFreePort()).then(keep));
    const natsUrl: string = process.env.NATS_URL ?? (await startNatsServer(scratch, await findFreePort()).then(keep));
    const rows: ThroughputRow[] = [];
    for (const language of languages) {
      for (const workers of workerCounts) {
        const perRound: number[] = [];
        for (let round = 0; round < rounds; round++) {
          perRound.push(await timeOneRound({ databaseUrl, natsUrl, dataDir: scratch, language, workers, submissions }));
        }
        rows.push({
          language: language.name,
          workers,
          submissions,
          rounds: perRound.map(twoDecimals),
          medianPerSecond: twoDecimals(median(perRound)),
        });
      }
    }
    return rows;
  } finally {
    for (const stop of stops.reverse()) await stop();
    await rm(scratch, { recursive: true, force: true });
  }

  function keep(running: { url: string; stop(): Promise<void> }): string {
    stops.push(running.stop);
    return running.url;
  }
}

interface RoundOptions {
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly dataDir: string;
  readonly language: (typeof languages)[number];
  readonly workers: number;
  readonly submissions: number;
}

/** One round: a fresh database and queue, `workers` slots, a batch of A+B submissions; returns submissions/s. */
async function timeOneRound(options: RoundOptions): Promise<number> {
  const judgeConfig = loadJudgeConfig({
    ...process.env,
    DATA_DIR: options.dataDir,
    JUDGE_WORKERS: String(options.workers),
  });
  const sandbox = options.language.sandboxed ? await createSandbox(judgeConfig) : undefined;
  const bed: JudgeQueueTestbed = await createJudgeQueueTestbed(options.databaseUrl, options.natsUrl);
  const blobs = createBlobStore(options.dataDir);
  const [inputSha256, outputSha256] = await Promise.all([blobs.put('1 2\n'), blobs.put('3\n')]);
  const judge = sandbox
    ? pipelineJudge({
        sandbox,
        blobs,
        findLanguage,
        workRoot: judgeConfig.workRoot,
        cacheDir: path.join(judgeConfig.workRoot, 'judge-programs'),
        caseConcurrency: 1,
      })
    : answerAcceptedAtOnce;
  const dispatcher = startDispatcher({
    store: bed.store,
    pool: bed.pool,
    js: bed.js,
    queue: bed.queue,
    log: silentLog,
  });
  const worker = await startJudgeWorker({
    js: bed.js,
    queue: bed.queue,
    slots: options.workers,
    retryBackoff: { baseMs: 500, maxMs: 5_000 },
    handler: { store: bed.store, judge, judger: 'bench', judgingDeliveries: 3, now: () => new Date(), log: silentLog },
  });
  try {
    const settings = someJudgeSettings({
      testCases: [
        { caseId: 1, inputName: '1.in', outputName: '1.out', inputSha256, outputSha256, score: 0, groupNum: 1 },
      ],
    });
    const verdicts = countVerdicts(bed, await bed.store.headPosition(), options.submissions);
    const started = performance.now();
    for (let index = 0; index < options.submissions; index++) {
      await bed.submit({ language: options.language.name, code: options.language.code, judge: settings });
    }
    const statuses = await verdicts;
    const seconds = (performance.now() - started) / 1000;
    const notAccepted = statuses.filter((status) => status !== 'AC');
    if (notAccepted.length > 0) throw new Error(`${options.language.name}: verdicts ${notAccepted.join(', ')}`);
    return options.submissions / seconds;
  } finally {
    await worker.stop();
    await dispatcher.stop();
    await bed.close();
    await sandbox?.close();
  }
}

const answerAcceptedAtOnce: JudgeAttempt = async () => ({
  status: 'AC',
  score: null,
  oiRankScore: null,
  timeMs: 0,
  memoryKib: 0,
  errorMessage: null,
});

/** Resolves with the statuses of the next `count` final verdicts appended to the store. */
async function countVerdicts(bed: JudgeQueueTestbed, fromPosition: bigint, count: number): Promise<string[]> {
  const subscription = bed.store.subscribeAll({
    fromPosition,
    eventTypes: ['SubmissionJudged', 'SubmissionJudgingFailed'],
  });
  const statuses: string[] = [];
  try {
    for await (const event of subscription) {
      statuses.push(event.type === 'SubmissionJudged' ? (event.data as { status: string }).status : 'SE');
      if (statuses.length === count) break;
    }
  } finally {
    await subscription.close();
  }
  return statuses;
}

const twoDecimals = (value: number): number => Math.round(value * 100) / 100;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function formatThroughput(rows: readonly ThroughputRow[]): string {
  const lines = rows.map(
    (row) =>
      `${row.language.padEnd(24)} workers=${row.workers}  ${row.medianPerSecond.toFixed(2)} submissions/s (median of ${row.rounds.length}: ${row.rounds.map((value) => value.toFixed(2)).join(', ')}; ${row.submissions} each)`,
  );
  return ['A+B judge throughput (store → dispatcher → JetStream → sandbox → store)', ...lines].join('\n');
}
