import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { loadJudgeConfig } from '../config';
import { createWorkDir, removeWorkDir } from '../languages/work-dir';
import { compileC, median, round2 } from './bench-programs';
import { createSandbox } from './create-sandbox';
import { correlation, insideTukeyFences, spreadOf, standardDeviation } from './timing-spread';
import type { Sandbox, SandboxRunRequest } from './sandbox';
import { aSandboxRunRequest } from './testing/run-requests';

/**
 * Timing stability (issue 14, item 4): a CPU-bound program calibrated to about one second of CPU, run
 * BENCH_TIMING_RUNS times (default 100) through the default sandbox, as many times through a sandbox
 * whose slot is pinned to one CPU (its cpuset; BENCH_TIMING_PINNED=false leaves this series out) and as
 * many times bare (spawned from here, no sandbox), the series taking turns run by run so that all see
 * the same minutes of the machine.
 * The figure: spread = (max − min) / median of the CPU time the sandbox reports (the slot's cgroup
 * counter, what verdicts compare), target ≤ 3 %. The physical limit beside it: the same spread of the
 * bare runs' own CPU clocks. What a run was charged beyond the program's own clock (exec, exit, joining
 * the cgroups) is printed too, and each run outside Tukey's fences (Q1 − 1.5 IQR, Q3 + 1.5 IQR) is
 * listed with what the machine did meanwhile: its involuntary context switches and migrations between
 * CPUs (the program reports them), the hypervisor's steal (/proc/stat) and the CPU pressure stall
 * (/proc/pressure/cpu) during the run, and the load.
 */
const targetSpread = 0.03;

/** The program (sandbox-timing-spin.c): a CPU-bound loop that reports its own CPU clock, switches and migrations. */
const spinSource = readFileSync(join(import.meta.dirname, 'sandbox-timing-spin.c'), 'utf8');

interface Run {
  readonly index: number;
  /** The sandbox's figure (cgroup, whole ms) for a sandboxed run; the program's own clock for a bare one. */
  readonly cpuMs: number;
  /** The program's own CPU clock. */
  readonly ownCpuMs: number;
  readonly wallMs: number;
  readonly preemptions: number;
  readonly migrations: number;
  readonly stealMs: number;
  readonly cpuStallMs: number;
  readonly load: number;
}

function spinRequest(binary: string, workDir: string, rounds: number): SandboxRunRequest {
  const trivial = aSandboxRunRequest();
  return aSandboxRunRequest({
    argv: ['/box/spin', String(rounds)],
    boxDir: workDir,
    freshBoxIn: workDir,
    limits: { ...trivial.limits, cpuTimeMs: 10_000, wallTimeMs: 120_000 },
    stderr: { kind: 'ignore' },
    readOnlyMounts: [{ hostPath: binary, sandboxPath: '/box/spin' }],
  });
}

/** The program's report line: own CPU ns, involuntary switches, migrations. */
function parseReport(text: string): { ownCpuMs: number; preemptions: number; migrations: number } {
  const [ns, preemptions, migrations] = text.trim().split(' ').map(Number);
  if (ns === undefined || !Number.isFinite(ns)) throw new Error(`the spin program printed ${JSON.stringify(text)}`);
  return { ownCpuMs: ns / 1e6, preemptions: preemptions ?? -1, migrations: migrations ?? -1 };
}

/** Steal over every CPU (/proc/stat, USER_HZ ticks of 10 ms) and the CPU pressure stall total (µs; 0 without PSI). */
function machineCounters(): { stealMs: number; stallUs: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/) ?? [];
  const pressure = existsSync('/proc/pressure/cpu') ? readFileSync('/proc/pressure/cpu', 'utf8') : '';
  return { stealMs: Number(cpu[8] ?? 0) * 10, stallUs: Number(/^some .*total=(\d+)/m.exec(pressure)?.[1] ?? 0) };
}

async function measured(index: number, run: () => Promise<{ cpuMs: number; report: string }>): Promise<Run> {
  const before = machineCounters();
  const started = performance.now();
  const { cpuMs, report } = await run();
  const wallMs = performance.now() - started;
  const after = machineCounters();
  return {
    index,
    cpuMs,
    ...parseReport(report),
    wallMs,
    stealMs: after.stealMs - before.stealMs,
    cpuStallMs: (after.stallUs - before.stallUs) / 1000,
    load: loadavg()[0] ?? 0,
  };
}

async function sandboxed(sandbox: Sandbox, request: SandboxRunRequest) {
  const result = await sandbox.run(request);
  if (result.exitCode !== 0) throw new Error(`the spin program failed: ${JSON.stringify(result)}`);
  return { cpuMs: result.cpuTimeMs, report: Buffer.from(result.stdout ?? new Uint8Array()).toString() };
}

async function bare(spin: string, rounds: number) {
  const child = spawn(spin, [String(rounds)], { stdio: ['ignore', 'pipe', 'ignore'] });
  let report = '';
  child.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error('the bare spin program failed');
  return { cpuMs: parseReport(report).ownCpuMs, report };
}

/** The runs inside Tukey's fences, and those outside them. */
function tukey(runs: readonly Run[]): { inside: Run[]; outside: Run[] } {
  const inside = insideTukeyFences(runs.map((run) => run.cpuMs));
  return { inside: runs.filter((_, index) => inside[index]), outside: runs.filter((_, index) => !inside[index]) };
}

function spreadRow(figure: string, values: readonly number[], target: string) {
  const middle = median(values);
  const stddev = standardDeviation(values);
  return {
    figure,
    medianMs: round2(middle),
    minMs: round2(Math.min(...values)),
    maxMs: round2(Math.max(...values)),
    'spread (max−min)/median %': round2(spreadOf(values) * 100),
    'stddev/median %': round2((stddev / middle) * 100),
    target,
  };
}

const describeRun = (kind: string, run: Run, middle: number) =>
  `  ${kind} run ${run.index}: ${round2(run.cpuMs)} ms (${round2(((run.cpuMs - middle) / middle) * 100)} % off the median), ` +
  `wall ${Math.round(run.wallMs)} ms, ${run.preemptions} involuntary switches, ${run.migrations} migrations, ` +
  `steal ${run.stealMs} ms, CPU stall ${Math.round(run.cpuStallMs)} ms, load ${round2(run.load)}`;

/** What the series' medians say about the runs the outliers are compared with. */
function typicalRun(runs: readonly Run[]): string {
  const mid = (pick: (run: Run) => number) => round2(median(runs.map(pick)));
  return (
    `median ${mid((run) => run.preemptions)} involuntary switches, ${mid((run) => run.migrations)} migrations, ` +
    `steal ${mid((run) => run.stealMs)} ms, CPU stall ${mid((run) => run.cpuStallMs)} ms, wall ${mid((run) => run.wallMs)} ms`
  );
}

interface Series {
  readonly label: string;
  readonly sandboxed: boolean;
  readonly run: () => Promise<{ cpuMs: number; report: string }>;
  readonly runs: Run[];
}

/** The rows of one series: its spread, without its outliers and, when sandboxed, what the program's own clock says. */
function seriesRows(series: Series, target: string) {
  const values = series.runs.map((run) => run.cpuMs);
  const fences = tukey(series.runs);
  const rows = [
    spreadRow(series.label, values, series.sandboxed ? target : 'the limit'),
    spreadRow(
      `  same, without ${fences.outside.length} run(s) outside Tukey's fences`,
      fences.inside.map((run) => run.cpuMs),
      series.sandboxed ? target : '',
    ),
  ];
  if (!series.sandboxed) return rows;
  const charged = series.runs.map((run) => run.cpuMs - run.ownCpuMs);
  return [
    ...rows,
    spreadRow(
      `  the program's own CPU clock in those runs`,
      series.runs.map((run) => run.ownCpuMs),
      '',
    ),
    {
      ...spreadRow(`  charged beyond the program's own clock (cgroup in whole ms − own)`, charged, ''),
      'spread (max−min)/median %': '',
      'stddev/median %': '',
    },
    {
      ...spreadRow(
        `  wall time`,
        series.runs.map((run) => run.wallMs),
        '',
      ),
      'stddev/median %': '',
    },
  ];
}

function printOutliers(series: Series): void {
  const middle = median(series.runs.map((run) => run.cpuMs));
  const { outside } = tukey(series.runs);
  console.log(`${series.label}: typical run ${typicalRun(series.runs)}; ${outside.length} outside Tukey's fences:`);
  for (const run of outside) console.log(describeRun('', run, middle));
}

/**
 * A sandboxed series against the bare runs of the same rounds: what the machine does to both (its drift
 * over the minutes) shows as correlation; what the sandbox adds is in the spread of the differences.
 */
function printPairing(series: Series, bareRuns: readonly Run[]): void {
  const pairs = series.runs.flatMap((run, index) => (bareRuns[index] ? [[run.cpuMs, bareRuns[index].cpuMs]] : []));
  const r = correlation(
    pairs.map(([box = 0]) => box),
    pairs.map(([, bare = 0]) => bare),
  );
  const differences = pairs.map(([box = 0, bare = 0]) => box - bare);
  const width = Math.max(...differences) - Math.min(...differences);
  console.log(
    `${series.label} against the bare run of the same round: correlation ${round2(r)}; sandboxed − bare: ` +
      `median ${round2(median(differences))} ms, spread (max − min) ${round2(width)} ms = ` +
      `${round2((width / median(series.runs.map((run) => run.cpuMs))) * 100)} % of the median`,
  );
}

export async function runSandboxTimingBench() {
  const runs = Number(process.env.BENCH_TIMING_RUNS ?? 100);
  const withPinned = process.env.BENCH_TIMING_PINNED !== 'false';
  const loadBefore = loadavg().map(round2);
  const config = loadJudgeConfig();
  const workDir = await createWorkDir(config.workRoot);
  const sandbox = await createSandbox({ ...config, sandboxSlots: 1 });
  const pinned = withPinned ? await createSandbox({ ...config, sandboxSlots: 1, sandboxPinCpus: true }) : undefined;
  try {
    const spin = await compileC(workDir, 'spin', spinSource, ['-static']);
    const probeRounds = 200_000_000;
    const probe = await sandboxed(sandbox, spinRequest(spin, workDir, probeRounds));
    const rounds = Math.round((probeRounds * 1000) / Math.max(1, parseReport(probe.report).ownCpuMs));
    const request = spinRequest(spin, workDir, rounds);
    const configured = config.sandboxPinCpus ? 'pinned to one CPU' : 'any CPU';
    const series: Series[] = [
      {
        label: `CPU time the sandbox reports (${sandbox.name}, ${configured}, ${runs} runs)`,
        sandboxed: true,
        run: () => sandboxed(sandbox, request),
        runs: [],
      },
      ...(pinned
        ? [
            {
              label: `CPU time the sandbox reports, slot pinned to one CPU (cpuset), ${runs} runs`,
              sandboxed: true,
              run: () => sandboxed(pinned, request),
              runs: [],
            },
          ]
        : []),
      {
        label: `physical limit: the same program bare (no sandbox), ${runs} runs`,
        sandboxed: false,
        run: () => bare(spin, rounds),
        runs: [],
      },
    ];
    for (let index = 0; index < runs; index += 1) {
      // Run by run in turn, rotating which goes first, so every series sees the same minutes of the machine.
      for (let offset = 0; offset < series.length; offset += 1) {
        const next = series[(index + offset) % series.length];
        if (next) next.runs.push(await measured(index, next.run));
      }
    }

    const target = `≤ ${targetSpread * 100} %`;
    console.log(`spread = (max − min) / median of the CPU times of ${runs} runs of ${rounds} rounds, series in turn`);
    for (const each of series) printOutliers(each);
    const bareRuns = series.at(-1)?.runs ?? [];
    for (const each of series.filter((one) => one.sandboxed)) printPairing(each, bareRuns);
    const spreads = series.map((each) => spreadOf(each.runs.map((run) => run.cpuMs)));
    const [sandboxSpread = Number.NaN] = spreads;
    const bareSpread = spreads.at(-1) ?? Number.NaN;
    console.log(
      sandboxSpread <= targetSpread
        ? 'target met'
        : bareSpread > targetSpread
          ? `target not met, and not meetable here: the bare program's own spread (${round2(bareSpread * 100)} %) exceeds ${targetSpread * 100} % on this machine`
          : `target not met while the bare program's spread (${round2(bareSpread * 100)} %) is within it: the sandbox adds spread`,
    );
    return [
      ...series.flatMap((each) => seriesRows(each, target)),
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
    await pinned?.close();
    await removeWorkDir(workDir);
  }
}
