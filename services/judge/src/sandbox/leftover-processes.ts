import { readdir, readFile } from 'node:fs/promises';
import type { SlotPool } from './slot-pool';

/**
 * Live pids of the host owned by any of the uids (what `ps -u` would list), from /proc/<pid>/status.
 * Zombies are skipped: a sandbox's namespace init can outlive bwrap's monitor by a moment, get
 * reparented to the host's init and sit dead until that init reaps it.
 */
async function pidsOwnedBy(uids: ReadonlySet<number>): Promise<number[]> {
  const owned: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const realUid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    if (/^State:\s+Z/m.test(status)) continue;
    if (realUid !== undefined && uids.has(Number(realUid))) owned.push(Number(entry));
  }
  return owned;
}

export async function leftoverProcesses(pool: SlotPool): Promise<number[]> {
  const inCgroups = await Promise.all(pool.slots.map((slot) => slot.cgroup.processes()));
  const owned = await pidsOwnedBy(new Set(pool.slots.map((slot) => slot.uid)));
  return [...new Set([...inCgroups.flat(), ...owned])];
}
