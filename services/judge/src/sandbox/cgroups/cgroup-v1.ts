import { mkdir } from 'node:fs/promises';
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

/**
 * cgroup v1 (this machine): memory, pids and cpuacct are separate hierarchies. A slot keeps its
 * three cgroups for its whole life and resets the counters per run, which saves six mkdir/rmdir
 * per run. Counters that cannot be reset (oom_kill, pids.events) are read before and diffed.
 */
export async function createCgroupV1Slot(
  dirs: { memoryDir: string; pidsDir: string; cpuacctDir: string },
  name: string,
): Promise<SlotCgroup> {
  const memory = `${dirs.memoryDir}/${name}`;
  const pids = `${dirs.pidsDir}/${name}`;
  const cpuacct = `${dirs.cpuacctDir}/${name}`;
  const all = [memory, pids, cpuacct];
  for (const dir of all) {
    await removeCgroupDir(dir);
    await mkdir(dir);
  }
  const hasMemsw = await readNumber(`${memory}/memory.memsw.limit_in_bytes`).then(
    () => true,
    () => false,
  );
  // A fresh cgroup has no memory limit.
  let currentLimit = Number.POSITIVE_INFINITY;
  let oomBefore = 0;
  let pidsMaxBefore = 0;

  async function setMemoryLimit(bytes: number): Promise<void> {
    // memsw must stay ≥ memory: raise memsw first, lower memory first.
    const raising = bytes > currentLimit;
    if (hasMemsw && raising) await writeValue(`${memory}/memory.memsw.limit_in_bytes`, bytes);
    await writeValue(`${memory}/memory.limit_in_bytes`, bytes);
    if (hasMemsw && !raising) await writeValue(`${memory}/memory.memsw.limit_in_bytes`, bytes);
    currentLimit = bytes;
  }

  return {
    procsFiles: all.map((dir) => `${dir}/cgroup.procs`),
    async begin(limits: CgroupLimits) {
      // Page cache left by an earlier run (files written to a host box dir) would count as this run's peak.
      if ((await readNumber(`${memory}/memory.usage_in_bytes`)) > 0) {
        await writeValue(`${memory}/memory.force_empty`, 0).catch(() => undefined);
      }
      const bytes = Math.ceil(limits.memoryBytes / 4096) * 4096;
      if (bytes !== currentLimit) await setMemoryLimit(bytes);
      await writeValue(`${memory}/memory.max_usage_in_bytes`, 0);
      if (hasMemsw) await writeValue(`${memory}/memory.memsw.max_usage_in_bytes`, 0);
      await writeValue(`${pids}/pids.max`, limits.pids);
      await writeValue(`${cpuacct}/cpuacct.usage`, 0);
      oomBefore = await readKeyed(`${memory}/memory.oom_control`, 'oom_kill');
      pidsMaxBefore = await readKeyed(`${pids}/pids.events`, 'max');
    },
    async attach(pid: number) {
      for (const dir of all) await writeValue(`${dir}/cgroup.procs`, pid);
    },
    async cpuTimeMs() {
      return Math.trunc((await readNumber(`${cpuacct}/cpuacct.usage`)) / 1e6);
    },
    async finish() {
      const leftoverProcesses = await killUntilEmpty(`${pids}/cgroup.procs`);
      await killUntilEmpty(`${memory}/cgroup.procs`);
      const [cpuNs, peakBytes, oomAfter, pidsMaxAfter] = await Promise.all([
        readNumber(`${cpuacct}/cpuacct.usage`),
        readNumber(`${memory}/memory.max_usage_in_bytes`),
        readKeyed(`${memory}/memory.oom_control`, 'oom_kill'),
        readKeyed(`${pids}/pids.events`, 'max'),
      ]);
      return {
        cpuTimeMs: Math.trunc(cpuNs / 1e6),
        peakMemoryKib: Math.trunc(peakBytes / 1024),
        oomKills: oomAfter - oomBefore,
        pidsLimitHits: pidsMaxAfter - pidsMaxBefore,
        leftoverProcesses,
      };
    },
    async processes() {
      const lists = await Promise.all(all.map((dir) => readPids(`${dir}/cgroup.procs`)));
      return [...new Set(lists.flat())];
    },
    async destroy() {
      for (const dir of all) {
        await killUntilEmpty(`${dir}/cgroup.procs`);
        await removeCgroupDir(dir);
      }
    },
  };
}
