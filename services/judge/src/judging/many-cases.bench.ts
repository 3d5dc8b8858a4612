import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { JudgeSettings } from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import { createBlobStore, type BlobStore } from '@oj/platform';
import { loadJudgeConfig } from '../config';
import { findLanguage } from '../languages/registry';
import {
  buildForkExecBaseline,
  buildTrivialProgram,
  measureForkExec,
  median,
  round2,
  startCpuMeter,
} from '../sandbox/bench-programs';
import { createSandbox } from '../sandbox/create-sandbox';
import { judgeSubmission, type JudgeSubmissionDeps } from './judge-submission';
import { defaultCaseBatch } from './lane-batches';

/**
 * A many-case submission (issue 14, item 4: the judge hands a slot its next cases as one batch): an A+B
 * problem with BENCH_CASES small cases (default 60) judged through judgeSubmission with one run per case
 * and with lane batches, the two alternating in each round (BENCH_ROUNDS, default 3; A B B A), on a judge of
 * BENCH_SLOTS slots (default 2). Per submission: the time from the call to the verdict (compile included),
 * the cases' part of it (after the compile), and per case the judge's own CPU (this process) and all the CPU
 * of the cases' part (the judge, supervisors, run inits and programs, from a cpuacct cgroup the bench moves
 * itself into; v1 only). The physical limit beside them: a C fork + exec + wait of a trivial program, per run.
 */
const languages = [
  {
    name: 'C++',
    code: '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", a + b); }\n',
  },
  { name: 'Python3', code: 'a, b = map(int, input().split())\nprint(a + b)\n' },
] as const;

interface Measured {
  readonly totalMs: number;
  readonly casesMs: number;
  readonly judgeCpuMsPerCase: number;
  readonly allCpuMsPerCase?: number;
}

export interface ManyCasesRow {
  readonly figure: string;
  readonly median: number;
  readonly range: string;
  readonly physicalLimit?: string;
}

export async function runManyCasesBench(): Promise<ManyCasesRow[]> {
  const caseCount = Number(process.env.BENCH_CASES ?? 60);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const slots = process.env.BENCH_SLOTS ?? '2';
  const loadBefore = loadavg();
  const root = path.resolve(import.meta.dirname, '../../../../.tmp');
  await mkdir(root, { recursive: true });
  const scratch = await mkdtemp(path.join(root, 'many-cases-bench-'));
  await chmod(scratch, 0o755);
  const config = loadJudgeConfig({ DATA_DIR: scratch, JUDGE_WORKERS: slots });
  // The meter first: the slots' cgroups made after it nest under it, so their CPU is counted.
  const meter = await startCpuMeter();
  const sandbox = await createSandbox(config);
  try {
    const store = createBlobStore(scratch);
    const deps: JudgeSubmissionDeps = {
      sandbox,
      blobs: store,
      findLanguage,
      workRoot: config.workRoot,
      cacheDir: path.join(scratch, 'cache'),
    };
    const settings = someJudgeSettings({
      memoryLimitMib: 128,
      stackLimitMib: 64,
      testCases: await aPlusBCases(store, caseCount),
    });
    const trivial = await buildTrivialProgram(scratch);
    const baseline = await buildForkExecBaseline(scratch);
    const figures = new Map<string, Measured[]>();
    const limits: number[] = [];
    for (const language of languages) {
      // Warm-up: V8's compiler threads and the slots' first runs are not what a long-lived judge pays.
      for (const caseBatch of [1, defaultCaseBatch]) await judgeOnce(language, caseBatch);
    }
    for (let round = 0; round < rounds; round += 1) {
      const c = await measureForkExec(baseline, trivial, 400, 1, meter?.usageMs);
      if (c.cpuMsPerRun !== undefined) limits.push(c.cpuMsPerRun);
      for (const language of languages) {
        for (const caseBatch of [1, defaultCaseBatch, defaultCaseBatch, 1]) {
          const key = `${language.name}, ${caseBatch === 1 ? 'one run per case' : `lane batches of ${caseBatch}`}`;
          figures.set(key, [...(figures.get(key) ?? []), await judgeOnce(language, caseBatch)]);
        }
      }
    }
    const limit = limits.length > 0 ? `C fork+exec+wait ${round2(median(limits))} ms CPU per run` : undefined;
    return [
      ...[...figures.entries()].flatMap(([key, measured]) => [
        row(
          `${key}: submit to verdict, ms (compile included)`,
          measured.map((m) => m.totalMs),
        ),
        row(
          `${key}: cases after the compile, ms`,
          measured.map((m) => m.casesMs),
        ),
        row(
          `${key}: ms per case (wall, ${slots} slots)`,
          measured.map((m) => m.casesMs / caseCount),
        ),
        row(
          `${key}: judge CPU ms per case`,
          measured.map((m) => m.judgeCpuMsPerCase),
        ),
        ...(measured.every((m) => m.allCpuMsPerCase !== undefined)
          ? [
              row(
                `${key}: all CPU ms per case`,
                measured.map((m) => m.allCpuMsPerCase ?? Number.NaN),
                limit,
              ),
            ]
          : []),
      ]),
      {
        figure: `load average (1, 5, 15 min) before → after; ${caseCount} cases, ${rounds} rounds`,
        median: round2(loadavg()[0] ?? 0),
        range: `${loadBefore.map(round2).join(' ')} → ${loadavg().map(round2).join(' ')}`,
      },
    ];

    async function judgeOnce(language: (typeof languages)[number], caseBatch: number): Promise<Measured> {
      const started = performance.now();
      let casesFrom = { at: started, cpu: process.cpuUsage(), all: meter?.usageMs() };
      const result = await judgeSubmission(
        { language: language.name, code: language.code, settings },
        {
          ...deps,
          caseBatch,
          onCompiled: () => (casesFrom = { at: performance.now(), cpu: process.cpuUsage(), all: meter?.usageMs() }),
        },
      );
      const ended = performance.now();
      const judgeCpu = process.cpuUsage(casesFrom.cpu);
      const all = meter?.usageMs();
      if (result.status !== 'AC') throw new Error(`${language.name} A+B got ${result.status}: ${result.errorMessage}`);
      return {
        totalMs: ended - started,
        casesMs: ended - casesFrom.at,
        judgeCpuMsPerCase: (judgeCpu.user + judgeCpu.system) / 1000 / caseCount,
        ...(all !== undefined && casesFrom.all !== undefined
          ? { allCpuMsPerCase: (all - casesFrom.all) / caseCount }
          : {}),
      };
    }
  } finally {
    await sandbox.close();
    await rm(scratch, { recursive: true, force: true });
    if (meter) await stopMeter(meter);
  }
}

/** The slots' cgroups under the meter's may still be going away just after the sandbox closed (EBUSY). */
async function stopMeter(meter: { stop(): void }): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      meter.stop();
      return;
    } catch (error) {
      if (attempt >= 40 || (error as NodeJS.ErrnoException).code !== 'EBUSY') throw error;
      await delay(50);
    }
  }
}

async function aPlusBCases(store: BlobStore, count: number): Promise<JudgeSettings['testCases']> {
  const cases: JudgeSettings['testCases'] = [];
  for (let i = 1; i <= count; i += 1) {
    const [inputSha256, outputSha256] = [await store.put(`${i} ${i * 7}\n`), await store.put(`${i * 8}\n`)];
    cases.push({
      caseId: i,
      inputName: `${i}.in`,
      outputName: `${i}.out`,
      inputSha256,
      outputSha256,
      score: 0,
      groupNum: 1,
    });
  }
  return cases;
}

function row(figure: string, values: readonly number[], physicalLimit?: string): ManyCasesRow {
  return {
    figure,
    median: round2(median(values)),
    range: values.map(round2).join(' / '),
    ...(physicalLimit ? { physicalLimit } : {}),
  };
}
