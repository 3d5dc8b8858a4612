import { mkdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import {
  killUntilEmpty,
  readKeyed,
  readNumber,
  readPids,
  removeCgroupDir,
  writeValue,
  type CgroupLimits,
  type SlotCgroup,
  type SlotCgroupOptions,
} from './slot-cgroup';
import { createControlFiles, type ControlFiles } from './control-files';
import { isSwapActive, swapPolicy } from './swap-policy';

interface V1Dirs {
  readonly memoryDir: string;
  readonly pidsDir: string;
  readonly cpuacctDir: string;
  readonly cpusetDir?: string;
}

/** Per-run pids cgroups a dead judge (or an interrupted run) left behind, and a per-slot one of old. */
async function removeStalePidsCgroups(pidsDir: string, name: string): Promise<void> {
  for (const entry of await readdir(pidsDir)) {
    if (entry === name || entry.startsWith(`${name}-run`)) await removeCgroupDir(`${pidsDir}/${entry}`);
  }
}

/** What an earlier run may leave charged before the slot's memory cgroup is emptied: the peak's error bound. */
const leftoverChargeBytes = 512 * 1024;

/** The tasks of a kept cgroup, through its open file: the common case, an empty cgroup, costs one read. */
const hasTasks = (files: ControlFiles, dir: string) => files.read(`${dir}/tasks`) !== '';

/**
 * The slot's memory cgroup: its limit (memsw with it when present), counters reset per run. The oom_kill
 * count a run ends with is the next run's starting count (nothing runs in the slot between runs), so it
 * is read once per run, and again only after a run that did not reach its usage reading.
 */
async function createMemoryCgroup(memory: string, files: ControlFiles) {
  const hasKmem = await readNumber(`${memory}/memory.kmem.usage_in_bytes`).then(
    () => true,
    () => false,
  );
  const hasMemsw = await readNumber(`${memory}/memory.memsw.limit_in_bytes`).then(
    () => true,
    () => false,
  );
  const swap = swapPolicy({ version: 'v1', canLimitSwap: hasMemsw, swapIsActive: await isSwapActive() });
  if (swap === 'swappiness-0') await writeValue(`${memory}/memory.swappiness`, 0);
  // A fresh cgroup has no memory limit.
  let currentLimit = Number.POSITIVE_INFINITY;
  let oomBefore = 0;
  let oomAfterLastRun: number | undefined;

  function setLimit(bytes: number): void {
    // memsw must stay ≥ memory: raise memsw first, lower memory first.
    const raising = bytes > currentLimit;
    if (hasMemsw && raising) files.write(`${memory}/memory.memsw.limit_in_bytes`, bytes);
    files.write(`${memory}/memory.limit_in_bytes`, bytes);
    if (hasMemsw && !raising) files.write(`${memory}/memory.memsw.limit_in_bytes`, bytes);
    currentLimit = bytes;
  }

  return {
    async prepare(memoryBytes: number) {
      // Page cache left by an earlier run (files written to a host box dir) would count as this run's peak.
      // Kernel objects (0.1–1 MiB after a trivial run here) stay charged too, which force_empty cannot free
      // but pays a full reclaim pass for (a third of trivial runs paid it when usage alone was compared):
      // so only the charge that is not kernel memory is compared.
      const kernelBytes = hasKmem ? files.readNumber(`${memory}/memory.kmem.usage_in_bytes`) : 0;
      if (files.readNumber(`${memory}/memory.usage_in_bytes`) - kernelBytes > leftoverChargeBytes) {
        await writeValue(`${memory}/memory.force_empty`, 0).catch(() => undefined);
      }
      const bytes = Math.ceil(memoryBytes / 4096) * 4096;
      if (bytes !== currentLimit) setLimit(bytes);
      files.write(`${memory}/memory.max_usage_in_bytes`, 0);
      if (hasMemsw) files.write(`${memory}/memory.memsw.max_usage_in_bytes`, 0);
      oomBefore = oomAfterLastRun ?? files.readKeyed(`${memory}/memory.oom_control`, 'oom_kill');
      oomAfterLastRun = undefined;
    },
    async usage() {
      const oomKillsNow = files.readKeyed(`${memory}/memory.oom_control`, 'oom_kill');
      oomAfterLastRun = oomKillsNow;
      return {
        peakMemoryKib: Math.trunc(files.readNumber(`${memory}/memory.max_usage_in_bytes`) / 1024),
        oomKills: oomKillsNow - oomBefore,
      };
    },
  };
}

/**
 * The slot's pids cgroup. Per run (made in prepare, removed in finish) for bwrap per run: its monitor
 * exits as soon as its namespace init reports the program's status, so the init is reaped later by
 * the host's PID 1, and until then it still counts in pids.current; a reused pids cgroup would fill
 * up with those zombies. Kept (`options.keepPids`) for the pooled backend, whose run init reaps
 * everything before it reports and whose programs join through fds opened once.
 */
async function createPidsCgroup(pidsDir: string, name: string, keep: boolean, files: ControlFiles) {
  await removeStalePidsCgroups(pidsDir, name);
  let runNumber = 0;
  let dir = keep ? `${pidsDir}/${name}` : '';
  if (keep) await mkdir(dir);
  let limitHitsBefore = 0;
  // As oom_kill (createMemoryCgroup): a kept cgroup's count at the end of a run is the next run's start.
  let limitHitsAfterLastRun: number | undefined;
  return {
    get dir() {
      return dir;
    },
    async prepare(pids: number) {
      if (!keep) {
        runNumber += 1;
        dir = `${pidsDir}/${name}-run${runNumber}`;
        mkdirSync(dir);
      }
      if (!keep) {
        await writeValue(`${dir}/pids.max`, pids);
        return;
      }
      files.write(`${dir}/pids.max`, pids);
      limitHitsBefore = limitHitsAfterLastRun ?? files.readKeyed(`${dir}/pids.events`, 'max');
      limitHitsAfterLastRun = undefined;
    },
    async limitHits() {
      if (!keep) return readKeyed(`${dir}/pids.events`, 'max');
      const hitsNow = files.readKeyed(`${dir}/pids.events`, 'max');
      limitHitsAfterLastRun = hitsNow;
      return hitsNow - limitHitsBefore;
    },
    /** Whether the run left a task behind (the kept cgroup's file is open: one read for the usual empty answer). */
    mayHoldTasks: () => !keep || hasTasks(files, dir),
    async afterRun() {
      if (keep) return;
      await removeCgroupDir(dir);
      dir = '';
    },
  };
}

/**
 * The slot's cpuset cgroup when its runs are pinned (options.cpus): made once; the program joins it with
 * the others, so only the program is pinned (the supervisor and run init stay free to run elsewhere).
 */
async function createCpusetCgroup(cpusetDir: string | undefined, name: string, cpus: string): Promise<string> {
  if (cpusetDir === undefined) throw new Error('Pinning sandbox slots to CPUs needs the cpuset controller (cgroup v1)');
  const dir = `${cpusetDir}/${name}`;
  await removeCgroupDir(dir);
  await mkdir(dir);
  // A v1 cpuset takes no task before both are set; the memory nodes are the judge's own.
  await writeValue(`${dir}/cpuset.mems`, readFileSync(`${cpusetDir}/cpuset.effective_mems`, 'utf8').trim());
  await writeValue(`${dir}/cpuset.cpus`, cpus);
  return dir;
}

/**
 * cgroup v1 (this machine): memory, pids and cpuacct are separate hierarchies. A slot keeps its
 * memory and cpuacct cgroups for its whole life and resets the counters per run, which saves
 * mkdir/rmdir per run. Counters that cannot be reset (oom_kill, pids.events max) are read before and diffed.
 */
export async function createCgroupV1Slot(
  dirs: V1Dirs,
  name: string,
  options: SlotCgroupOptions = {},
): Promise<SlotCgroup> {
  const memory = `${dirs.memoryDir}/${name}`;
  const cpuacct = `${dirs.cpuacctDir}/${name}`;
  const kept = [memory, cpuacct];
  for (const dir of kept) {
    await removeCgroupDir(dir);
    await mkdir(dir);
  }
  const files = createControlFiles();
  const pids = await createPidsCgroup(dirs.pidsDir, name, options.keepPids ?? false, files);
  const memoryCgroup = await createMemoryCgroup(memory, files);
  const holding = `${dirs.pidsDir}/${name}-hold`;
  await removeCgroupDir(holding);
  await mkdir(holding);
  await writeValue(`${holding}/pids.max`, 1);
  const cpuset = options.cpus === undefined ? undefined : await createCpusetCgroup(dirs.cpusetDir, name, options.cpus);
  const joined = () => [memory, pids.dir, cpuacct, ...(cpuset === undefined ? [] : [cpuset])];

  return {
    get procsFiles() {
      return joined().map((dir) => `${dir}/cgroup.procs`);
    },
    hold: (pid: number) => writeValue(`${holding}/cgroup.procs`, pid),
    clearHold: async () => {
      await killUntilEmpty(`${holding}/tasks`);
    },
    async begin(limits: CgroupLimits) {
      await Promise.all([
        pids.prepare(limits.pids),
        memoryCgroup.prepare(limits.memoryBytes),
        files.write(`${cpuacct}/cpuacct.usage`, 0),
      ]);
    },
    async attach(pid: number) {
      for (const dir of joined()) await writeValue(`${dir}/cgroup.procs`, pid);
    },
    async cpuTimeMs() {
      return Math.trunc(files.readNumber(`${cpuacct}/cpuacct.usage`) / 1e6);
    },
    async finish() {
      // `tasks`, not cgroup.procs: procs hides a process whose threads have all begun exiting, though
      // it may still be freeing a large address space (an OOM-killed compiler) under our uid.
      const leftoverProcesses = pids.mayHoldTasks() ? await killUntilEmpty(`${pids.dir}/tasks`) : 0;
      if (hasTasks(files, memory)) await killUntilEmpty(`${memory}/tasks`);
      const [cpuNs, memoryUsage, pidsLimitHits] = await Promise.all([
        files.readNumber(`${cpuacct}/cpuacct.usage`),
        memoryCgroup.usage(),
        pids.limitHits(),
      ]);
      await pids.afterRun();
      return { cpuTimeMs: Math.trunc(cpuNs / 1e6), ...memoryUsage, pidsLimitHits, leftoverProcesses };
    },
    async processes() {
      const lists = await Promise.all([memory, cpuacct].map((dir) => readPids(`${dir}/tasks`)));
      return [...new Set(lists.flat())];
    },
    async destroy() {
      files.close();
      for (const dir of kept) {
        await killUntilEmpty(`${dir}/tasks`);
        await removeCgroupDir(dir);
      }
      await killUntilEmpty(`${pids.dir || holding}/tasks`);
      await removeStalePidsCgroups(dirs.pidsDir, name);
      await killUntilEmpty(`${holding}/tasks`);
      await removeCgroupDir(holding);
      if (cpuset !== undefined) {
        await killUntilEmpty(`${cpuset}/tasks`);
        await removeCgroupDir(cpuset);
      }
    },
  };
}
