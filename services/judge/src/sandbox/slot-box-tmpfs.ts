import { execFile } from 'node:child_process';
import { chmod, mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Slot } from './slot-pool';

const run = promisify(execFile);

/**
 * Bytes and files (inodes) a slot's fresh boxes may hold together: the run in progress and the box made
 * ahead for the next one. The run's memory cgroup is charged for what it writes to a tmpfs, so a single
 * run is held to its memory limit long before this; the size only bounds what runs leave behind.
 */
export const slotBoxBytes = 1024 * 1024 * 1024;
export const slotBoxInodes = 32768;

export interface SlotBoxTmpfs {
  /** The host dir (a tmpfs) fresh boxes of this slot are made in. */
  dirOf(slot: Slot): string;
  unmountAll(): Promise<void>;
}

export interface SlotBoxTools {
  readonly mount: string;
  readonly umount: string;
}

/**
 * One tmpfs per slot, mounted once when the sandbox starts, for the per-run backends' fresh boxes (issue 10,
 * F16): a program that floods its box with files fills the slot's tmpfs (ENOSPC), not the disk that DATA_DIR
 * and Postgres share, and a judge that dies leaves nothing on disk. The pooled backend makes its own tmpfs
 * box inside its supervisor instead. The mount point is named after the slot's cgroup, which only the
 * holder of the slot's uid claim uses, so a tmpfs a dead judge left there is ours to replace.
 */
export async function mountSlotBoxTmpfs(
  tools: SlotBoxTools,
  root: string,
  cgroupPrefix: string,
  slots: readonly Slot[],
): Promise<SlotBoxTmpfs> {
  const boxesRoot = join(root, 'boxes');
  await mkdir(boxesRoot, { recursive: true, mode: 0o755 });
  await chmod(boxesRoot, 0o755);
  const dirs = new Map<Slot, string>();
  const unmount = async (dir: string) => {
    // Lazy: a process of a dead judge's run may still hold a file of it open.
    await run(tools.umount, ['-l', dir]).catch(() => undefined);
  };
  try {
    for (const slot of slots) {
      const dir = join(boxesRoot, `${cgroupPrefix}-${slot.uid}`);
      await mkdir(dir, { recursive: true, mode: 0o755 });
      await unmount(dir);
      const options = `size=${slotBoxBytes},nr_inodes=${slotBoxInodes},mode=755,nosuid,nodev`;
      await run(tools.mount, ['-t', 'tmpfs', '-o', options, 'oj-judge-boxes', dir]);
      dirs.set(slot, dir);
    }
  } catch (error) {
    for (const dir of dirs.values()) await unmount(dir);
    throw new Error(`The sandbox could not mount a tmpfs for its boxes under ${boxesRoot}: ${String(error)}`);
  }
  return {
    dirOf(slot) {
      const dir = dirs.get(slot);
      if (dir === undefined) throw new Error(`No box tmpfs for the slot of uid ${slot.uid}`);
      return dir;
    },
    async unmountAll() {
      for (const dir of dirs.values()) {
        await unmount(dir);
        await rmdir(dir).catch(() => undefined);
      }
    },
  };
}
