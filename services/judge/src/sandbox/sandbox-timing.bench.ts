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

export async function runSandboxTimingBench() {
  const runs = Number(process.env.BENCH_TIMING_RUNS ?? 100);
  const loadBefore = loadavg().map(round2);
  const config = loadJudgeConfig();
  const workDir = await createWorkDir(config.workRoot);
  const sandbox = await createSandbox({ ...config, sandboxSlots: 1 });
  try {
    const spin = await buildSpinProgram(workDir);
    const probeRounds = 200_000_000;
    const probe = await timedRun(sandbox, spinRequest(spin, workDir, probeRounds));
    const rounds = Math.round((probeRounds * 1000) / Math.max(1, probe.cpuMs));
    const request = spinRequest(spin, workDir, rounds);
    const measured: { cpuMs: number; wallMs: number }[] = [];
    for (let i = 0; i < runs; i += 1) measured.push(await timedRun(sandbox, request));
    return [
      spreadRow(
        `CPU time (${sandbox.name}, ${runs} runs)`,
        measured.map((run) => run.cpuMs),
        `≤ ${targetSpread * 100} %`,
      ),
      spreadRow(
        'wall time (same runs)',
        measured.map((run) => run.wallMs),
        '',
      ),
      {
        figure: `load average before → after; ${availableParallelism()} cores`,
        medianMs: round2(loadavg()[0] ?? 0),
        minMs: 0,
        maxMs: 0,
        'spread (max−min)/median %': 0,
        'stddev/median %': 0,
        target: `${loadBefore.join(' ')} → ${loadavg().map(round2).join(' ')}`,
      },
    ];
  } finally {
    await sandbox.close();
    await removeWorkDir(workDir);
  }
}
