import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detectCgroupHierarchy } from './cgroups/cgroup-hierarchy';

/** Helpers shared by the sandbox benches: the programs they run, compiled here with cc. */

export async function compileC(dir: string, name: string, source: string, flags: readonly string[]): Promise<string> {
  await writeFile(join(dir, `${name}.c`), source);
  const output = join(dir, name);
  const cc = spawn('cc', ['-O2', ...flags, '-o', output, join(dir, `${name}.c`)], { stdio: 'inherit' });
  const [code] = (await once(cc, 'close')) as [number | null];
  if (code !== 0) throw new Error(`cc failed to build ${name}`);
  return output;
}

/** The trivial program every figure runs: static, so no dynamic loader in the way. */
export const buildTrivialProgram = (dir: string) =>
  compileC(dir, 'trivial', 'int main(void) { return 0; }\n', ['-static']);

/**
 * The physical limit: fork, exec and wait from C, `argv[1]` times, of the program in argv[2];
 * prints "<total seconds> <median ms per run>".
 */
const forkExecSource = `#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int by_value(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
  int runs = atoi(argv[1]);
  double *each = malloc(sizeof *each * (size_t)runs), started = now();
  for (int i = 0; i < runs; i += 1) {
    double at = now();
    pid_t child = fork();
    if (child == 0) { execv(argv[2], argv + 2); _exit(127); }
    int status;
    if (child < 0 || waitpid(child, &status, 0) < 0 || status != 0) return 1;
    each[i] = now() - at;
  }
  double total = now() - started;
  qsort(each, (size_t)runs, sizeof *each, by_value);
  printf("%f %f\\n", total, each[runs / 2] * 1000);
  return 0;
}
`;

export const buildForkExecBaseline = (dir: string) => compileC(dir, 'fork-exec', forkExecSource, []);

export interface ForkExecFigures {
  /** Median of one loop's runs. */
  readonly medianMs: number;
  /** Runs per second of `loops` loops side by side. */
  readonly runsPerSecond: number;
  /** CPU time per run of those loops (everything the bench started), when measured. */
  readonly cpuMsPerRun?: number;
}

/** `loops` C loops at once, `runs` runs in all. */
export async function measureForkExec(
  baseline: string,
  program: string,
  runs: number,
  loops: number,
  cpu?: () => number,
): Promise<ForkExecFigures> {
  const cpuBefore = cpu?.();
  const started = performance.now();
  const outputs = await Promise.all(
    Array.from({ length: loops }, async () => {
      const child = spawn(baseline, [String(Math.ceil(runs / loops)), program], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const [code] = (await once(child, 'close')) as [number | null];
      if (code !== 0) throw new Error('the fork/exec baseline failed');
      return text.trim().split(' ').map(Number);
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const total = Math.ceil(runs / loops) * loops;
  return {
    medianMs: outputs[0]?.[1] ?? Number.NaN,
    runsPerSecond: total / elapsedS,
    ...(cpu && cpuBefore !== undefined ? { cpuMsPerRun: (cpu() - cpuBefore) / total } : {}),
  };
}

/** A CPU-bound loop of argv[1] rounds; the timing bench calibrates the count to about one second. */
export const buildSpinProgram = (dir: string) =>
  compileC(
    dir,
    'spin',
    `#include <stdlib.h>
int main(int argc, char **argv) {
  volatile unsigned long long x = 0;
  unsigned long long rounds = argc > 1 ? strtoull(argv[1], 0, 10) : 1000000000ULL;
  for (unsigned long long i = 0; i < rounds; i += 1) x += i ^ (x >> 3);
  return 0;
}
`,
    ['-static'],
  );

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * CPU time of this process and everything it starts (the supervisors, run inits and programs, whose
 * slot cgroups nest under it), from a cpuacct cgroup the bench moves itself into: on a machine
 * shared with other work, CPU per run is the figure the load does not distort, and 1000 / (CPU ms
 * per run) is the runs per second one core would give. v1 only (this machine); undefined elsewhere.
 */
export async function startCpuMeter(): Promise<{ readonly usageMs: () => number; stop(): void } | undefined> {
  const hierarchy = await detectCgroupHierarchy();
  if (hierarchy.version !== 'v1') return undefined;
  const dir = `${hierarchy.cpuacctDir}/oj-bench-${process.pid}`;
  mkdirSync(dir);
  writeFileSync(`${dir}/cgroup.procs`, String(process.pid));
  return {
    usageMs: () => Number(readFileSync(`${dir}/cpuacct.usage`, 'utf8')) / 1e6,
    stop() {
      writeFileSync(`${hierarchy.cpuacctDir}/cgroup.procs`, String(process.pid));
      removeMeterDir(dir);
    },
  };
}

/**
 * The meter's cgroup, once the sandboxes the bench closed are gone from it: their processes end
 * asynchronously after a close, and an rmdir before that fails with EBUSY (which lost a whole run's
 * table). Whatever is left is the bench's own and is killed; a bounded wait between attempts.
 */
function removeMeterDir(dir: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt += 1) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EBUSY' || attempt >= 100) throw error;
      for (const pid of readFileSync(`${dir}/tasks`, 'utf8').split('\n').filter(Boolean)) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}
