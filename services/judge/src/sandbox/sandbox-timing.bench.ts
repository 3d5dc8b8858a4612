import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { loadJudgeConfig } from '../config';
import { createWorkDir, removeWorkDir } from '../languages/work-dir';
import { buildSpinProgram, median, round2 } from './bench-programs';
import { createSandbox } from './create-sandbox';
import type { Sandbox, SandboxRunRequest } from './sandbox';

/**
 * Timing stability (issue 14, item 4): a CPU-bound program calibrated to about one second of CPU,
 * run BENCH_TIMING_RUNS times (default 100) one after the other through the default sandbox; the
 * spread of the CPU time the sandbox reports (the slot's cpuacct/cpu.stat counter, what verdicts use).
 * Target: (max − min) / median within 3 %. The wall time is printed beside it for comparison.
 * Twice (BENCH_TIMING_PINNED=false: once): free to run on any core, then pinned to the last core (the
 * bench's main thread pins itself, so the supervisor it then starts, its run init and every program
 * inherit the affinity). Each with the spread of every run (the figure), and beside it the spread of
 * the runs inside Tukey's fences (Q1 − 1.5 IQR, Q3 + 1.5 IQR), naming how many fell outside: which
 * part of the spread is a few outliers (a preempted, cache-cold run on a shared vCPU).
 */
const targetSpread = 0.03;

function spinRequest(binary: string, workDir: string, rounds: number): SandboxRunRequest {
  return {
    argv: ['/box/spin', String(rounds)],
    boxDir: workDir,
    freshBoxIn: workDir,
    writableBox: true,
    limits: {
      cpuTimeMs: 10_000,
      wallTimeMs: 60_000,
      memoryKib: 64 * 1024,
      stackKib: 8 * 1024,
      processes: 8,
      outputBytes: 1024,
      fileSizeBytes: 1024,
    },
    stdin: { kind: 'ignore' },
    stdout: { kind: 'ignore' },
    stderr: { kind: 'ignore' },
    readOnlyMounts: [{ hostPath: binary, sandboxPath: '/box/spin' }],
  };
}

async function timedRun(sandbox: Sandbox, request: SandboxRunRequest) {
  const result = await sandbox.run(request);
  if (result.exitCode !== 0) throw new Error(`the spin program failed: ${JSON.stringify(result)}`);
  return { cpuMs: result.cpuTimeMs, wallMs: result.wallTimeMs };
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.round(q * (sorted.length - 1))] ?? Number.NaN;

/** The runs inside Tukey's fences, and how many were outside them. */
function withoutOutliers(values: readonly number[]): { inside: number[]; outside: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const [q1, q3] = [quantile(sorted, 0.25), quantile(sorted, 0.75)];
  const [low, high] = [q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)];
  const inside = sorted.filter((value) => value >= low && value <= high);
  return { inside, outside: sorted.length - inside.length };
}

function spreadRow(figure: string, values: readonly number[], target: string) {
  const middle = median(values);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const stddev = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  return {
    figure,
    medianMs: round2(middle),
    minMs: Math.min(...values),
    maxMs: Math.max(...values),
    'spread (max−min)/median %': round2(((Math.max(...values) - Math.min(...values)) / middle) * 100),
    'stddev/median %': round2((stddev / middle) * 100),
    target,
  };
}

/** Pins this process's main thread (and so every process it starts from now on) to `cpus`, e.g. "1" or "0-1". */
function pinTo(cpus: string): void {
  const pinned = spawnSync('taskset', ['-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
  if (pinned.status !== 0) throw new Error(`taskset could not pin the bench to CPU ${cpus}`);
}

/** One series of `runs` runs in a sandbox of its own (started after any pinning, so its processes inherit it). */
async function measureSeries(label: string, runs: number, workDir: string, spin: string) {
  const config = loadJudgeConfig();
  const sandbox = await createSandbox({ ...config, sandboxSlots: 1 });
  try {
    const probeRounds = 200_000_000;
    const probe = await timedRun(sandbox, spinRequest(spin, workDir, probeRounds));
    const rounds = Math.round((probeRounds * 1000) / Math.max(1, probe.cpuMs));
    const request = spinRequest(spin, workDir, rounds);
    const measured: { cpuMs: number; wallMs: number }[] = [];
    for (let i = 0; i < runs; i += 1) measured.push(await timedRun(sandbox, request));
    const cpu = measured.map((run) => run.cpuMs);
    const { inside, outside } = withoutOutliers(cpu);
    return [
      spreadRow(`CPU time (${sandbox.name}, ${label}, ${runs} runs)`, cpu, `≤ ${targetSpread * 100} %`),
      spreadRow(`  same, without ${outside} outlier(s) outside Tukey's fences`, inside, `≤ ${targetSpread * 100} %`),
      spreadRow(
        `  wall time (same runs)`,
        measured.map((run) => run.wallMs),
        '',
      ),
    ];
  } finally {
    await sandbox.close();
  }
}

export async function runSandboxTimingBench() {
  const runs = Number(process.env.BENCH_TIMING_RUNS ?? 100);
  const pinned = process.env.BENCH_TIMING_PINNED !== 'false';
  const loadBefore = loadavg().map(round2);
  const config = loadJudgeConfig();
  const workDir = await createWorkDir(config.workRoot);
  const cores = availableParallelism();
  try {
    const spin = await buildSpinProgram(workDir);
    const rows = await measureSeries('any core', runs, workDir, spin);
    if (pinned) {
      pinTo(String(cores - 1));
      try {
        rows.push(...(await measureSeries(`pinned to CPU ${cores - 1}`, runs, workDir, spin)));
      } finally {
        pinTo(`0-${cores - 1}`);
      }
    }
    return [
      ...rows,
      {
        figure: `load average before → after; ${cores} cores`,
        medianMs: round2(loadavg()[0] ?? 0),
        minMs: 0,
        maxMs: 0,
        'spread (max−min)/median %': 0,
        'stddev/median %': 0,
        target: `${loadBefore.join(' ')} → ${loadavg().map(round2).join(' ')}`,
      },
    ];
  } finally {
    await removeWorkDir(workDir);
  }
}
