import { access, mkdir, readFile } from 'node:fs/promises';
import {
  killUntilEmpty,
  readKeyed,
  readPids,
  removeCgroupDir,
  waitUntilUnpopulated,
  writeValue,
  type CgroupLimits,
  type SlotCgroup,
} from './slot-cgroup';
import { isSwapActive, swapPolicy, swapRefusal } from './swap-policy';

/**
 * cgroup v2, written from the kernel documentation; this machine has no usable v2 hierarchy, so
 * this path is untested (docs/judging.md says so). One cgroup per run, made fresh so memory.peak
 * and the event counters start at zero, and removed after.
 */
export async function createCgroupV2Slot(parentDir: string, name: string): Promise<SlotCgroup> {
  await enableControllers(parentDir);
  const dir = `${parentDir}/${name}`;
  await removeCgroupDir(dir);
  const holding = `${parentDir}/${name}-hold`;
  await removeCgroupDir(holding);
  await mkdir(holding);
  await writeValue(`${holding}/pids.max`, 1);
  const canLimitSwap = await access(`${holding}/memory.swap.max`).then(
    () => true,
    () => false,
  );
  if (swapPolicy({ version: 'v2', canLimitSwap, swapIsActive: await isSwapActive() }) === 'refuse') {
    await removeCgroupDir(holding);
    throw new Error(swapRefusal);
  }
  return {
    procsFiles: [`${dir}/cgroup.procs`],
    hold: (pid: number) => writeValue(`${holding}/cgroup.procs`, pid),
    async clearHold() {
      await killUntilEmpty(`${holding}/cgroup.procs`);
      await waitUntilUnpopulated(holding);
    },
    async begin(limits: CgroupLimits) {
      await removeCgroupDir(dir);
      await mkdir(dir);
      await writeValue(`${dir}/memory.max`, Math.ceil(limits.memoryBytes / 4096) * 4096);
      await writeValue(`${dir}/memory.swap.max`, 0).catch(() => undefined);
      await writeValue(`${dir}/pids.max`, limits.pids);
    },
    async attach(pid: number) {
      await writeValue(`${dir}/cgroup.procs`, pid);
    },
    async cpuTimeMs() {
      return Math.trunc((await readKeyed(`${dir}/cpu.stat`, 'usage_usec')) / 1000);
    },
    async finish() {
      await writeValue(`${dir}/cgroup.kill`, 1).catch(() => undefined);
      const leftoverProcesses = await killUntilEmpty(`${dir}/cgroup.procs`);
      await waitUntilUnpopulated(dir);
      const peakText = await readFile(`${dir}/memory.peak`, 'utf8').catch(() => '0');
      const usage = {
        cpuTimeMs: Math.trunc((await readKeyed(`${dir}/cpu.stat`, 'usage_usec')) / 1000),
        peakMemoryKib: Math.trunc(Number(peakText.trim()) / 1024),
        oomKills: await readKeyed(`${dir}/memory.events`, 'oom_kill'),
        pidsLimitHits: await readKeyed(`${dir}/pids.events`, 'max'),
        leftoverProcesses,
      };
      await removeCgroupDir(dir);
      return usage;
    },
    async processes() {
      return readPids(`${dir}/cgroup.procs`);
    },
    async destroy() {
      await removeCgroupDir(dir);
      await removeCgroupDir(holding);
    },
  };
}

async function enableControllers(parentDir: string): Promise<void> {
  const enabled = (await readFile(`${parentDir}/cgroup.subtree_control`, 'utf8')).split(/\s+/);
  const missing = ['memory', 'pids', 'cpu'].filter((c) => !enabled.includes(c));
  if (missing.length === 0) return;
  try {
    await writeValue(`${parentDir}/cgroup.subtree_control`, missing.map((c) => `+${c}`).join(' '));
  } catch (error) {
    // The "no internal processes" rule: a cgroup holding the judge itself cannot delegate controllers.
    throw new Error(
      `Cannot enable ${missing.join(', ')} in ${parentDir}/cgroup.subtree_control; run the judge in a ` +
        `delegated cgroup whose own processes live in a leaf (${(error as Error).message})`,
    );
  }
}
