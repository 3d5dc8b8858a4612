import { readdir, readFile } from 'node:fs/promises';
import type { SlotPool } from './slot-pool';

/** PF_EXITING in /proc/<pid>/stat's flags: the process is inside exit() and can never run user code again. */
const processExiting = 0x4;

function isLiveOwnedBy(status: string, stat: string, uids: ReadonlySet<number>): boolean {
  const realUid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
  if (realUid === undefined || !uids.has(Number(realUid))) return false;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, , , , , , flags] = fields;
  return state !== 'Z' && state !== 'X' && (Number(flags) & processExiting) === 0;
}

/**
 * Live pids of the host owned by any of the uids (what `ps -u` would list). Skipped: zombies, and
 * processes already inside exit(). A sandbox's namespace init outlives bwrap's monitor by a moment,
 * leaves the cgroups while it reaps its namespace, and may then sit as a zombie of the host's init.
 */
async function pidsOwnedBy(uids: ReadonlySet<number>): Promise<number[]> {
  const owned: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [status, stat] = await Promise.all([
      readFile(`/proc/${entry}/status`, 'utf8').catch(() => ''),
      readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''),
    ]);
    if (isLiveOwnedBy(status, stat, uids)) owned.push(Number(entry));
  }
  return owned;
}

export async function leftoverProcesses(pool: SlotPool): Promise<number[]> {
  const inCgroups = await Promise.all(pool.slots.map((slot) => slot.cgroup.processes()));
  const owned = await pidsOwnedBy(new Set(pool.slots.map((slot) => slot.uid)));
  return [...new Set([...inCgroups.flat(), ...owned])];
}
