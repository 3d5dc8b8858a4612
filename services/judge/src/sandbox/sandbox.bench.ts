import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { loadJudgeConfig } from '../config';
import { createWorkDir, removeWorkDir } from '../languages/work-dir';
import {
  buildForkExecBaseline,
  buildTrivialProgram,
  measureForkExec,
  median,
  round2,
  startCpuMeter,
  type ForkExecFigures,
} from './bench-programs';
import { createSandbox, presentBackends, type SandboxBackend } from './create-sandbox';
import type { Sandbox, SandboxRunRequest, SandboxRunResult } from './sandbox';
import { aSandboxRunRequest } from './testing/run-requests';

/**
 * Sandbox throughput (issue 14, item 4): a trivial static C program, in rounds; each round measures
 * the physical limit (fork + exec + wait from C, compiled here), the pooled backend and the per-run
 * bwrap backend one after the other, so every ratio compares figures taken under the same load.
 * Sequential: the median time of one run, one slot. Throughput: two slots (two C loops) side by
 * side, runs per second divided by the cores. Fresh-box requests (the runProgram path), the
 * caller removing each box as the judge does. The pooled backend is measured twice: one `run` per
 * request, and in batches (`runBatch`, BENCH_BATCH runs each, default 25: a submission's cases),
 * where its sequential figure is the median interval between two results of a batch.
 * BENCH_RUNS (default 400 per round), BENCH_BWRAP_RUNS (default 60), BENCH_ROUNDS (default 3), BENCH_SLOTS
 * (default 2: the slots, and parallel loops, of the throughput rows), BENCH_CALLERS (default BENCH_SLOTS: the parallel
 * loops, each one `run` or batch at a time; more loops than slots keep more than one run in flight per pooled slot,
 * pooled/slot-pipelines.ts), BENCH_WARMUP (default 500: runs of each
 * sandbox before it is measured; a judge is a long-lived process, and until V8 has optimized the hot path
 * its compiler threads add about 0.1 ms of the judge's CPU to every run; then one run or batch per loop at once,
 * which starts every slot's supervisor before the measured loops).
 */
const targets = { runsPerSecondPerCore: 800, overheadMs: 0.5 };

/** A backend, or the pooled backend fed in batches. */
type Measured = SandboxBackend | 'bubblewrap-pooled-batch';

interface RoundFigures {
  readonly c: ForkExecFigures;
  readonly backends: Partial<Record<Measured, ForkExecFigures>>;
}

function trivialRequest(binary: string, workDir: string): SandboxRunRequest {
  return aSandboxRunRequest({
    argv: ['/box/trivial'],
    boxDir: workDir,
    freshBoxIn: workDir,
    readOnlyMounts: [{ hostPath: binary, sandboxPath: '/box/trivial' }],
  });
}

function checked(result: SandboxRunResult): void {
  if (result.exitCode !== 0) throw new Error(`trivial run failed: ${JSON.stringify(result)}`);
  if (result.boxDir) rmSync(result.boxDir, { recursive: true, force: true });
}

/** `count` runs one after the other, one `run` each or in batches; the time each took. */
async function runSequence(sandbox: Sandbox, request: SandboxRunRequest, count: number, batch: number) {
  const each: number[] = [];
  if (batch <= 1) {
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      checked(await sandbox.run(request));
      each.push(performance.now() - started);
    }
    return each;
  }
  for (let done = 0; done < count; done += batch) {
    let last = performance.now();
    const size = Math.min(batch, count - done);
    await sandbox.runBatch(
      Array.from({ length: size }, () => request),
      (result) => {
        checked(result);
        const now = performance.now();
        each.push(now - last);
        last = now;
      },
    );
  }
  return each;
}

type CpuClock = (() => number) | undefined;

const warmupRuns = () => Number(process.env.BENCH_WARMUP ?? 500);
const callers = (slots: number) => Number(process.env.BENCH_CALLERS ?? slots);
const slotsLabel = (slots: number) =>
  callers(slots) === slots ? `${slots} slots` : `${slots} slots, ${callers(slots)} callers`;

async function measureSandbox(
  sandbox: Sandbox,
  request: SandboxRunRequest,
  runs: number,
  cpu: CpuClock,
  batch: number,
  slots: number,
  warmup: number,
): Promise<ForkExecFigures> {
  await runSequence(sandbox, request, warmup, batch);
  // The sequential warm-up kept to one slot (the pool hands back the slot freed last): the loops below
  // would otherwise start the other slots' supervisors inside the measured window, a cost a long-lived
  // judge pays once per slot (7 starts: 67-77 ms of CPU more than warm, 0.07-0.08 ms per run over 1,000 runs).
  await Promise.all(Array.from({ length: callers(slots) }, () => runSequence(sandbox, request, batch, batch)));
  const each = await runSequence(sandbox, request, runs, batch);
  const cpuBefore = cpu?.();
  const started = performance.now();
  const loop = () => runSequence(sandbox, request, runs / callers(slots), batch);
  await Promise.all(Array.from({ length: callers(slots) }, loop));
  const runsPerSecond = (runs * 1000) / (performance.now() - started);
  const cpuMsPerRun = cpu && cpuBefore !== undefined ? (cpu() - cpuBefore) / runs : undefined;
  return { medianMs: median(each), runsPerSecond, ...(cpuMsPerRun === undefined ? {} : { cpuMsPerRun }) };
}

async function measureBackend(
  backend: SandboxBackend,
  request: SandboxRunRequest,
  runs: number,
  cpu: CpuClock,
  slots: number,
  batch = 1,
) {
  const sandbox = await createSandbox({ ...loadJudgeConfig(), sandboxBackend: backend, sandboxSlots: slots });
  // A bwrap per run costs ~10 ms, against which the judge's warm-up is noise: 10 runs warm it.
  const warmup = backend === 'bubblewrap' ? 10 : warmupRuns();
  try {
    return await measureSandbox(sandbox, request, runs, cpu, batch, slots, warmup);
  } finally {
    await sandbox.close();
  }
}

interface BenchRow {
  readonly figure: string;
  readonly median: number;
  readonly range: string;
  readonly target: string;
}

function row(figure: string, values: readonly number[], target = ''): BenchRow {
  const low = round2(Math.min(...values));
  const high = round2(Math.max(...values));
  return { figure, median: round2(median(values)), range: `${low}–${high}`, target };
}

function backendRows(
  name: string,
  backend: Measured,
  rounds: readonly RoundFigures[],
  cores: number,
  slots: number,
): BenchRow[] {
  const measured = rounds.flatMap((round) => {
    const figures = round.backends[backend];
    return figures ? [{ c: round.c, figures }] : [];
  });
  if (measured.length === 0) return [];
  const cpuMeasured = measured.flatMap(({ c, figures }) =>
    c.cpuMsPerRun !== undefined && figures.cpuMsPerRun !== undefined
      ? [{ c: c.cpuMsPerRun, own: figures.cpuMsPerRun }]
      : [],
  );
  const cpuRows =
    cpuMeasured.length === 0
      ? []
      : [
          row(
            `${name}: CPU ms per run (all processes)`,
            cpuMeasured.map(({ own }) => own),
          ),
          row(
            `${name}: CPU overhead over C fork+exec, ms per run`,
            cpuMeasured.map(({ c, own }) => own - c),
            `≤ ${targets.overheadMs}`,
          ),
          row(
            `${name}: runs per CPU-second (one core's worth)`,
            cpuMeasured.map(({ own }) => 1000 / own),
            `≥ ${targets.runsPerSecondPerCore}`,
          ),
        ];
  return [
    row(
      `${name}: ms per run (sequential median)`,
      measured.map(({ figures }) => figures.medianMs),
    ),
    row(
      `${name}: overhead over C fork+exec, ms per run`,
      measured.map(({ c, figures }) => figures.medianMs - c.medianMs),
      `≤ ${targets.overheadMs}`,
    ),
    row(
      `${name}: runs/s per core (${slotsLabel(slots)})`,
      measured.map(({ figures }) => figures.runsPerSecond / cores),
      `≥ ${targets.runsPerSecondPerCore}`,
    ),
    row(
      `${name}: throughput ÷ C fork+exec throughput`,
      measured.map(({ c, figures }) => figures.runsPerSecond / c.runsPerSecond),
    ),
    ...cpuRows,
  ];
}

export async function runSandboxBench(): Promise<BenchRow[]> {
  const runs = Number(process.env.BENCH_RUNS ?? 400);
  const bwrapRuns = Number(process.env.BENCH_BWRAP_RUNS ?? 60);
  const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
  const batch = Number(process.env.BENCH_BATCH ?? 25);
  // A judge runs as many slots as it likes; more slots than cores keep the cores busy between a run's hops.
  const slots = Number(process.env.BENCH_SLOTS ?? 2);
  const loadBefore = loadavg();
  const config = loadJudgeConfig();
  const workDir = await createWorkDir(config.workRoot);
  const meter = await startCpuMeter();
  const cpu = meter?.usageMs;
  try {
    const trivial = await buildTrivialProgram(workDir);
    const baseline = await buildForkExecBaseline(workDir);
    const request = trivialRequest(trivial, workDir);
    const present = await presentBackends(config.hostPath);
    const rounds: RoundFigures[] = [];
    for (let round = 0; round < roundCount; round += 1) {
      const c = await measureForkExec(baseline, trivial, runs, 2, cpu);
      const backends: RoundFigures['backends'] = {};
      if (present.includes('bubblewrap-pooled')) {
        backends['bubblewrap-pooled'] = await measureBackend('bubblewrap-pooled', request, runs, cpu, slots);
        const batched = await measureBackend('bubblewrap-pooled', request, runs, cpu, slots, batch);
        backends['bubblewrap-pooled-batch'] = batched;
      }
      backends.bubblewrap = await measureBackend('bubblewrap', request, bwrapRuns, cpu, slots);
      rounds.push({ c, backends });
    }
    const cores = availableParallelism();
    const cRuns = rounds.map((round) => round.c);
    const cCpu = cRuns.flatMap((c) => (c.cpuMsPerRun === undefined ? [] : [c.cpuMsPerRun]));
    return [
      row(
        'C fork+exec+wait: ms per run (sequential median)',
        cRuns.map((c) => c.medianMs),
      ),
      row(
        'C fork+exec+wait: runs/s per core (2 loops)',
        cRuns.map((c) => c.runsPerSecond / cores),
      ),
      ...(cCpu.length === 0 ? [] : [row('C fork+exec+wait: CPU ms per run', cCpu)]),
      ...backendRows('pooled', 'bubblewrap-pooled', rounds, cores, slots),
      ...backendRows(`pooled, batches of ${batch}`, 'bubblewrap-pooled-batch', rounds, cores, slots),
      ...backendRows('bwrap per run', 'bubblewrap', rounds, cores, slots),
      {
        figure: `load average (1, 5, 15 min) before → after; ${cores} cores, ${roundCount} rounds, ${warmupRuns()} warm-up runs per pooled sandbox`,
        median: round2(loadavg()[0] ?? 0),
        range: `${loadBefore.map(round2).join(' ')} → ${loadavg().map(round2).join(' ')}`,
        target: '',
      },
    ];
  } finally {
    meter?.stop();
    await removeWorkDir(workDir);
  }
}
