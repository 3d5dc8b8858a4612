import { mkdirSync } from 'node:fs';
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
} from './slot-cgroup';
import { isSwapActive, swapPolicy } from './swap-policy';

/** Per-run pids cgroups a dead judge (or an interrupted run) left behind, and a per-slot one of old. */
async function removeStalePidsCgroups(pidsDir: string, name: string): Promise<void> {
  for (const entry of await readdir(pidsDir)) {
    if (entry === name || entry.startsWith(`${name}-run`)) await removeCgroupDir(`${pidsDir}/${entry}`);
  }
}

/**
 * cgroup v1 (this machine): memory, pids and cpuacct are separate hierarchies. A slot keeps its
 * three cgroups for its whole life and resets the counters per run, which saves six mkdir/rmdir
 * per run. Counters that cannot be reset (oom_kill) are read before and diffed.
 *
 * Except pids: bwrap's monitor exits as soon as its namespace init reports the program's status, so
 * the init is reaped later by the host's PID 1, and until then it still counts in pids.current. A
 * reused pids cgroup would fill up with those zombies; a fresh one per run (removed after) does not.
 */
export async function createCgroupV1Slot(
  dirs: { memoryDir: string; pidsDir: string; cpuacctDir: string },
  name: string,
): Promise<SlotCgroup> {
  const memory = `${dirs.memoryDir}/${name}`;
  const cpuacct = `${dirs.cpuacctDir}/${name}`;
  const kept = [memory, cpuacct];
  for (const dir of kept) {
    await removeCgroupDir(dir);
    await mkdir(dir);
  }
  await removeStalePidsCgroups(dirs.pidsDir, name);
  let runNumber = 0;
  let pids = '';
  const hasMemsw = await readNumber(`${memory}/memory.memsw.limit_in_bytes`).then(
    () => true,
    () => false,
  );
  const swap = swapPolicy({ version: 'v1', canLimitSwap: hasMemsw, swapIsActive: await isSwapActive() });
  if (swap === 'swappiness-0') await writeValue(`${memory}/memory.swappiness`, 0);
  // A fresh cgroup has no memory limit.
  let currentLimit = Number.POSITIVE_INFINITY;
  let oomBefore = 0;

  const holding = `${dirs.pidsDir}/${name}-hold`;
  await removeCgroupDir(holding);
  await mkdir(holding);
  await writeValue(`${holding}/pids.max`, 1);

  async function setMemoryLimit(bytes: number): Promise<void> {
    // memsw must stay ≥ memory: raise memsw first, lower memory first.
    const raising = bytes > currentLimit;
    if (hasMemsw && raising) await writeValue(`${memory}/memory.memsw.limit_in_bytes`, bytes);
    await writeValue(`${memory}/memory.limit_in_bytes`, bytes);
    if (hasMemsw && !raising) await writeValue(`${memory}/memory.memsw.limit_in_bytes`, bytes);
    currentLimit = bytes;
  }

  return {
    get procsFiles() {
      return [memory, pids, cpuacct].map((dir) => `${dir}/cgroup.procs`);
    },
    hold: (pid: number) => writeValue(`${holding}/cgroup.procs`, pid),
    clearHold: async () => {
      await killUntilEmpty(`${holding}/tasks`);
    },
    async begin(limits: CgroupLimits) {
      const preparePids = async () => {
        runNumber += 1;
        const dir = `${dirs.pidsDir}/${name}-run${runNumber}`;
        mkdirSync(dir);
        await writeValue(`${dir}/pids.max`, limits.pids);
        pids = dir;
      };
      const prepareMemory = async () => {
        // Page cache left by an earlier run (files written to a host box dir) would count as this run's peak.
        if ((await readNumber(`${memory}/memory.usage_in_bytes`)) > 0) {
          await writeValue(`${memory}/memory.force_empty`, 0).catch(() => undefined);
        }
        const bytes = Math.ceil(limits.memoryBytes / 4096) * 4096;
        if (bytes !== currentLimit) await setMemoryLimit(bytes);
        await writeValue(`${memory}/memory.max_usage_in_bytes`, 0);
        if (hasMemsw) await writeValue(`${memory}/memory.memsw.max_usage_in_bytes`, 0);
        oomBefore = await readKeyed(`${memory}/memory.oom_control`, 'oom_kill');
      };
      await Promise.all([preparePids(), prepareMemory(), writeValue(`${cpuacct}/cpuacct.usage`, 0)]);
    },
    async attach(pid: number) {
      for (const dir of [memory, pids, cpuacct]) await writeValue(`${dir}/cgroup.procs`, pid);
    },
    async cpuTimeMs() {
      return Math.trunc((await readNumber(`${cpuacct}/cpuacct.usage`)) / 1e6);
    },
    async finish() {
      // `tasks`, not cgroup.procs: procs hides a process whose threads have all begun exiting, though
      // it may still be freeing a large address space (an OOM-killed compiler) under our uid.
      const leftoverProcesses = await killUntilEmpty(`${pids}/tasks`);
      await killUntilEmpty(`${memory}/tasks`);
      const [cpuNs, peakBytes, oomAfter, pidsMaxAfter] = await Promise.all([
        readNumber(`${cpuacct}/cpuacct.usage`),
        readNumber(`${memory}/memory.max_usage_in_bytes`),
        readKeyed(`${memory}/memory.oom_control`, 'oom_kill'),
        readKeyed(`${pids}/pids.events`, 'max'),
      ]);
      await removeCgroupDir(pids);
      pids = '';
      return {
        cpuTimeMs: Math.trunc(cpuNs / 1e6),
        peakMemoryKib: Math.trunc(peakBytes / 1024),
        oomKills: oomAfter - oomBefore,
        pidsLimitHits: pidsMaxAfter,
        leftoverProcesses,
      };
    },
    async processes() {
      const lists = await Promise.all([memory, cpuacct].map((dir) => readPids(`${dir}/tasks`)));
      return [...new Set(lists.flat())];
    },
    async destroy() {
      for (const dir of kept) {
        await killUntilEmpty(`${dir}/tasks`);
        await removeCgroupDir(dir);
      }
      await removeStalePidsCgroups(dirs.pidsDir, name);
      await killUntilEmpty(`${holding}/tasks`);
      await removeCgroupDir(holding);
    },
  };
}
