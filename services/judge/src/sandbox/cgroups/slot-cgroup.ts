import { readFileSync, rmdirSync, writeFileSync } from 'node:fs';

/** What a run used, read from its cgroup after the run. */
export interface CgroupUsage {
  readonly cpuTimeMs: number;
  readonly peakMemoryKib: number;
  /** OOM kills during this run (v1: memory.oom_control; memory.failcnt stays 0 on this kernel). */
  readonly oomKills: number;
  /** Times a fork/clone was refused by pids.max during this run. */
  readonly pidsLimitHits: number;
}

export interface SlotCgroupOptions {
  /**
   * Keep one pids cgroup for the slot's life instead of one per run, so that `procsFiles` name the
   * same files every run (the pooled backend opens them once). Only for a backend whose runs leave
   * no zombie behind in the cgroup (cgroup-v1.ts says why bwrap per run does).
   */
  readonly keepPids?: boolean;
  /**
   * The CPUs every run of the slot is confined to (a cpuset list such as "1"; cgroup v1's cpuset
   * controller), so a program never migrates and two slots' programs never share a core. Unset: any CPU.
   */
  readonly cpus?: string;
}

export interface CgroupLimits {
  readonly memoryBytes: number;
  readonly pids: number;
}

/**
 * The cgroups of one sandbox slot. One run at a time: begin → attach → (cpuTimeMs)* → finish.
 * Besides, a warm launcher waits in the slot's holding cgroup (hold) until its run attaches it.
 */
export interface SlotCgroup {
  /**
   * Moves a waiting warm launcher into the slot's holding pids cgroup (pids.max 1): if the judge
   * dies, bwrap takes the closed fd 4 as its go but cannot fork the program, so it exits instead
   * of running it unsupervised.
   */
  hold(pid: number): Promise<void>;
  /** SIGKILLs whatever waits in the holding cgroup. */
  clearHold(): Promise<void>;
  /** Makes the run's per-run cgroups, sets the limits and zeroes the counters. */
  begin(limits: CgroupLimits): Promise<void>;
  attach(pid: number): Promise<void>;
  /** The cgroup.procs files a launcher writes its own pid into when it cannot be gated (nsjail). */
  readonly procsFiles: readonly string[];
  /** CPU used so far in this run, for the CPU watchdog. */
  cpuTimeMs(): Promise<number>;
  /** SIGKILLs whatever is left, waits until the cgroup is empty, reads the usage. */
  finish(): Promise<CgroupUsage & { readonly leftoverProcesses: number }>;
  /** Pids currently in the slot's cgroup (the hostile suite checks it is empty after each case). */
  processes(): Promise<number[]>;
  destroy(): Promise<void>;
}

/*
 * cgroup control files are kernel-backed and answer in microseconds, so they are read and written
 * synchronously: through libuv's thread pool each access cost milliseconds on a busy machine.
 */
function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

export async function readNumber(path: string): Promise<number> {
  return Number(readFileSync(path, 'utf8').trim());
}

export async function readKeyed(path: string, key: string): Promise<number> {
  const text = readText(path);
  const match = new RegExp(`^${key} (\\d+)$`, 'm').exec(text);
  return match?.[1] === undefined ? 0 : Number(match[1]);
}

export async function writeValue(path: string, value: string | number): Promise<void> {
  writeFileSync(path, String(value));
}

export async function readPids(procsFile: string): Promise<number[]> {
  const text = readText(procsFile);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map(Number);
}

const waitABit = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGKILL every pid in the cgroup until it stays empty. A pid namespace whose init died empties
 * itself, but the kernel reaps asynchronously, so poll briefly; a fork bomb may refill between reads.
 */
export async function killUntilEmpty(procsFile: string): Promise<number> {
  let seen = 0;
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const pids = await readPids(procsFile);
    if (pids.length === 0) return seen;
    seen = Math.max(seen, pids.length);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await waitABit(attempt < 20 ? 1 : 10);
  }
  throw new Error(`Processes still alive in ${procsFile} after repeated SIGKILL`);
}

/** v2: cgroup.procs hides exiting processes; `populated 0` in cgroup.events means truly empty. */
export async function waitUntilUnpopulated(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if ((await readKeyed(`${dir}/cgroup.events`, 'populated')) === 0) return;
    await killUntilEmpty(`${dir}/cgroup.procs`);
    await waitABit(attempt < 20 ? 1 : 10);
  }
  throw new Error(`${dir} stayed populated after repeated SIGKILL`);
}

/** rmdir of a cgroup can fail with EBUSY for a moment after its last process exits. */
export async function removeCgroupDir(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || attempt >= 50) throw error;
      await killUntilEmpty(`${dir}/tasks`);
      await killUntilEmpty(`${dir}/cgroup.procs`);
      await waitABit(10);
    }
  }
}
