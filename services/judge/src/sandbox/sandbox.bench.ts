import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { loadJudgeConfig } from '../config';
import { createBoxDir, createWorkDir, removeWorkDir } from '../languages/work-dir';
import { createSandbox, presentBackends } from './create-sandbox';
import type { Sandbox, SandboxRunRequest } from './sandbox';

/**
 * Sandbox overhead: a trivial static C program run bare (Node spawn + wait) and in the sandbox,
 * median over BENCH_RUNS runs (default 200), and trivial runs/s with one and with two slots busy.
 * Targets (DESIGN, not asserted): ≤ 2 ms over bare, ≥ 300 runs/s per core.
 */
export interface SandboxBenchReport {
  readonly runs: number;
  readonly bareMedianMs: number;
  /** A launcher started per run (a request with a fixed boxDir). */
  readonly coldMedianMs: number;
  readonly coldOverheadMs: number;
  /** Fresh-box requests: each slot's next bwrap is already set up and waiting (the runProgram path). */
  readonly sandboxMedianMs: number;
  readonly overheadMs: number;
  readonly sequentialRunsPerSecond: number;
  readonly concurrentRunsPerSecond: number;
  readonly cores: number;
  readonly runsPerSecondPerCore: number;
  /** The pooled backend (one long-lived bwrap per slot, a supervisor inside), when present. */
  readonly pooled?: PooledBenchReport;
  /** 1-minute load average before and after: other engineers' suites share the machine. */
  readonly loadAverage: readonly [number, number];
}

export interface PooledBenchReport {
  readonly bareMedianMs: number;
  /** A request with a fixed boxDir. */
  readonly fixedBoxMedianMs: number;
  readonly fixedBoxOverheadMs: number;
  /** Fresh-box requests (the runProgram path): the sandbox also makes and chowns the box dir. */
  readonly freshBoxMedianMs: number;
  readonly freshBoxOverheadMs: number;
  readonly sequentialRunsPerSecond: number;
  readonly concurrentRunsPerSecond: number;
  readonly runsPerSecondPerCore: number;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const round2 = (value: number) => Math.round(value * 100) / 100;

async function buildTrivialProgram(dir: string): Promise<string> {
  await writeFile(join(dir, 'trivial.c'), 'int main(void) { return 0; }\n');
  const gcc = spawn('gcc', ['-O2', '-static', '-o', join(dir, 'trivial'), join(dir, 'trivial.c')], {
    stdio: 'inherit',
  });
  const [code] = await once(gcc, 'close');
  if (code !== 0) throw new Error('gcc failed to build the trivial program');
  return join(dir, 'trivial');
}

async function timeBare(binary: string): Promise<number> {
  const started = performance.now();
  const child = spawn(binary, [], { stdio: 'ignore' });
  await once(child, 'close');
  return performance.now() - started;
}

async function timeSandboxed(sandbox: Sandbox, request: SandboxRunRequest): Promise<number> {
  const started = performance.now();
  const result = await sandbox.run(request);
  const elapsed = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`trivial run failed: ${JSON.stringify(result)}`);
  if (result.boxDir) await rm(result.boxDir, { recursive: true, force: true });
  return elapsed;
}

function trivialRequest(binary: string, boxDir: string): SandboxRunRequest {
  return {
    argv: ['/box/trivial'],
    boxDir,
    writableBox: true,
    limits: {
      cpuTimeMs: 1000,
      wallTimeMs: 3000,
      memoryKib: 64 * 1024,
      stackKib: 8 * 1024,
      processes: 8,
      outputBytes: 1024,
      fileSizeBytes: 1024,
    },
    stdin: { kind: 'ignore' },
    stdout: { kind: 'capture' },
    stderr: { kind: 'capture' },
    readOnlyMounts: [{ hostPath: binary, sandboxPath: '/box/trivial' }],
  };
}

/** Runs/s with two slots busy, each running `runs / 2` requests back to back. */
async function concurrentRunsPerSecond(sandbox: Sandbox, request: SandboxRunRequest, runs: number): Promise<number> {
  const started = performance.now();
  const loop = async () => {
    for (let i = 0; i < runs / 2; i += 1) await timeSandboxed(sandbox, request);
  };
  await Promise.all([loop(), loop()]);
  return (runs * 1000) / (performance.now() - started);
}

async function benchPooled(binary: string, workDir: string, runs: number): Promise<PooledBenchReport> {
  const config = loadJudgeConfig();
  const sandbox = await createSandbox({ ...config, sandboxBackend: 'bubblewrap-pooled', sandboxSlots: 2 });
  try {
    const request = trivialRequest(binary, await createBoxDir(workDir, 'box-'));
    const freshRequest: SandboxRunRequest = { ...request, freshBoxIn: workDir };
    for (let i = 0; i < 10; i += 1) await timeSandboxed(sandbox, freshRequest); // warm-up
    const bare: number[] = [];
    const fixed: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      bare.push(await timeBare(binary));
      fixed.push(await timeSandboxed(sandbox, request));
      fresh.push(await timeSandboxed(sandbox, freshRequest));
    }
    const concurrent = await concurrentRunsPerSecond(sandbox, freshRequest, runs);
    return {
      bareMedianMs: round2(median(bare)),
      fixedBoxMedianMs: round2(median(fixed)),
      fixedBoxOverheadMs: round2(median(fixed) - median(bare)),
      freshBoxMedianMs: round2(median(fresh)),
      freshBoxOverheadMs: round2(median(fresh) - median(bare)),
      sequentialRunsPerSecond: round2((runs * 1000) / fresh.reduce((sum, ms) => sum + ms, 0)),
      concurrentRunsPerSecond: round2(concurrent),
      runsPerSecondPerCore: round2(concurrent / availableParallelism()),
    };
  } finally {
    await sandbox.close();
  }
}

export async function runSandboxBench(options: { runs?: number } = {}): Promise<SandboxBenchReport> {
  const runs = options.runs ?? Number(process.env.BENCH_RUNS ?? 200);
  const loadBefore = loadavg()[0] ?? 0;
  const config = loadJudgeConfig();
  const workDir = await createWorkDir(config.workRoot);
  const sandbox = await createSandbox({ ...config, sandboxBackend: 'bubblewrap', sandboxSlots: 2 });
  try {
    const binary = await buildTrivialProgram(workDir);
    const request = trivialRequest(binary, await createBoxDir(workDir, 'box-'));
    const warmRequest: SandboxRunRequest = { ...request, freshBoxIn: workDir };
    for (let i = 0; i < 10; i += 1) await timeSandboxed(sandbox, warmRequest); // warm-up
    const bare: number[] = [];
    const cold: number[] = [];
    const boxed: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      bare.push(await timeBare(binary));
      cold.push(await timeSandboxed(sandbox, request));
    }
    for (let i = 0; i < 3; i += 1) await timeSandboxed(sandbox, warmRequest);
    for (let i = 0; i < runs; i += 1) boxed.push(await timeSandboxed(sandbox, warmRequest));
    const sequentialRunsPerSecond = (runs * 1000) / boxed.reduce((sum, ms) => sum + ms, 0);
    const concurrent = await concurrentRunsPerSecond(sandbox, warmRequest, runs);
    const present = await presentBackends(config.hostPath);
    const pooled = present.includes('bubblewrap-pooled') ? await benchPooled(binary, workDir, runs) : undefined;
    const cores = availableParallelism();
    return {
      runs,
      bareMedianMs: round2(median(bare)),
      coldMedianMs: round2(median(cold)),
      coldOverheadMs: round2(median(cold) - median(bare)),
      sandboxMedianMs: round2(median(boxed)),
      overheadMs: round2(median(boxed) - median(bare)),
      sequentialRunsPerSecond: round2(sequentialRunsPerSecond),
      concurrentRunsPerSecond: round2(concurrent),
      cores,
      runsPerSecondPerCore: round2(concurrent / cores),
      ...(pooled ? { pooled } : {}),
      loadAverage: [round2(loadBefore), round2(loadavg()[0] ?? 0)],
    };
  } finally {
    await sandbox.close();
    await removeWorkDir(workDir);
  }
}
