import { createServer, type Server } from 'node:net';
import { createSlotCgroup } from './cgroups/create-slot-cgroup';
import type { CgroupHierarchy } from './cgroups/cgroup-hierarchy';
import type { SlotCgroup, SlotCgroupOptions } from './cgroups/slot-cgroup';

/** One concurrent run's identity: a host uid nobody else uses and that uid's cgroups. */
export interface Slot {
  readonly uid: number;
  readonly cgroup: SlotCgroup;
}

export interface SlotPool {
  readonly size: number;
  readonly slots: readonly Slot[];
  acquire(count?: number): Promise<Slot[]>;
  release(slots: readonly Slot[]): void;
  /** Slots nobody holds now. */
  readonly free: number;
  /** Callers queued in `acquire` (a backend that lets runs share a held slot stops doing so while any wait). */
  readonly waiting: number;
  close(): Promise<void>;
}

export interface SlotPoolOptions {
  readonly hierarchy: CgroupHierarchy;
  readonly size: number;
  readonly uidBase: number;
  readonly uidCount: number;
  /** Cgroup names are `<prefix>-<uid>`. */
  readonly cgroupPrefix: string;
  readonly cgroupOptions?: SlotCgroupOptions;
  /** Pin each slot's runs to one of these CPUs, by uid (so judges sharing a machine spread over them). */
  readonly pinToCpus?: readonly number[];
}

/**
 * A uid is claimed machine-wide by binding the abstract unix socket `\0<prefix>-uid-<uid>`: the bind
 * is atomic, and the kernel frees it when the process dies, so a crashed judge leaves no stale lock.
 * Whoever holds the claim owns the cgroups named after the uid and may clear what a dead owner left.
 */
async function claimUid(prefix: string, uid: number): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(`\0${prefix}-uid-${uid}`, () => {
      server.unref();
      resolve(server);
    });
  });
}

export async function createSlotPool(options: SlotPoolOptions): Promise<SlotPool> {
  const claims: Server[] = [];
  const slots: Slot[] = [];
  for (let uid = options.uidBase; uid < options.uidBase + options.uidCount && slots.length < options.size; uid += 1) {
    const claim = await claimUid(options.cgroupPrefix, uid);
    if (!claim) continue;
    claims.push(claim);
    slots.push({
      uid,
      cgroup: await createSlotCgroup(options.hierarchy, `${options.cgroupPrefix}-${uid}`, {
        ...options.cgroupOptions,
        ...(options.pinToCpus?.length ? { cpus: String(options.pinToCpus[uid % options.pinToCpus.length]) } : {}),
      }),
    });
  }
  if (slots.length < options.size) {
    await Promise.all(slots.map((slot) => slot.cgroup.destroy()));
    for (const claim of claims) claim.close();
    throw new Error(
      `Only ${slots.length} of ${options.size} sandbox uids free in ${options.uidBase}..${options.uidBase + options.uidCount - 1}`,
    );
  }
  const free = [...slots];
  // FIFO, and a request for several slots (a wired pair) is served whole, so pairs cannot deadlock.
  const waiters: { count: number; resolve: (taken: Slot[]) => void }[] = [];
  const serveWaiters = () => {
    while (waiters[0] && waiters[0].count <= free.length) {
      const waiter = waiters.shift();
      waiter?.resolve(free.splice(free.length - waiter.count, waiter.count));
    }
  };
  return {
    size: slots.length,
    slots,
    acquire(count = 1) {
      if (count > slots.length) return Promise.reject(new Error(`${count} slots wanted, the pool has ${slots.length}`));
      return new Promise((resolve) => {
        waiters.push({ count, resolve });
        serveWaiters();
      });
    },
    release(taken) {
      free.push(...taken);
      serveWaiters();
    },
    get free() {
      return free.length;
    },
    get waiting() {
      return waiters.length;
    },
    async close() {
      await Promise.all(slots.map((slot) => slot.cgroup.destroy()));
      for (const claim of claims) claim.close();
    },
  };
}
