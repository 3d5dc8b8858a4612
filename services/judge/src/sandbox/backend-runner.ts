import { chown } from 'node:fs/promises';
import { leftoverProcesses } from './leftover-processes';
import type { Sandbox, SandboxRunRequest, SandboxRunResult } from './sandbox';
import type { Slot, SlotPool } from './slot-pool';
import { slotRuns } from './slot-runs';
import { driveRun, superviseRun } from './supervise-run';
import {
  discardWarmLauncher,
  isStillWaiting,
  makeFreshBox,
  startWarmLauncher,
  warmKey,
  type PlanLaunch,
  type WarmLauncher,
} from './warm-launchers';

export type { PlanLaunch } from './warm-launchers';

export interface PooledSandboxOptions {
  /** Start the next run's launcher ahead for requests with `freshBoxIn` (gated backends only). */
  readonly warmStarts: boolean;
  /** Where a slot's fresh boxes are made instead of the request's `freshBoxIn` (a tmpfs, ./slot-box-tmpfs). */
  readonly freshBoxParent?: (slot: Slot) => string;
}

/** Each slot's next launcher, started ahead while the slot's current run goes on (./warm-launchers). */
function createWarmStarts(planLaunch: PlanLaunch, options: PooledSandboxOptions) {
  const warm = new Map<Slot, Promise<WarmLauncher | undefined>>();
  /** The shape of each slot's previous fresh-box run. */
  const lastShape = new Map<Slot, string>();

  return {
    async take(slot: Slot, request: SandboxRunRequest): Promise<WarmLauncher | undefined> {
      const pending = warm.get(slot);
      warm.delete(slot);
      const ready = await pending;
      if (!ready) return undefined;
      if (
        request.freshBoxIn !== undefined &&
        isStillWaiting(ready) &&
        ready.key === warmKey(planLaunch, request, slot)
      ) {
        return ready;
      }
      await discardWarmLauncher(ready, slot);
      return undefined;
    },
    /**
     * Warm up only a shape the slot has just seen twice in a row (a submission's cases). A user
     * program and its checker alternating in one slot would otherwise waste a bwrap setup per run.
     */
    warmUp(slot: Slot, request: SandboxRunRequest, hit: boolean): void {
      if (!options.warmStarts || request.freshBoxIn === undefined) return;
      const shape = warmKey(planLaunch, request, slot);
      const repeated = hit || lastShape.get(slot) === shape;
      lastShape.set(slot, shape);
      if (!repeated) return;
      const started = startWarmLauncher(planLaunch, { ...request, freshBoxIn: request.freshBoxIn }, slot);
      // A failed warm start only costs the next run a cold start.
      warm.set(
        slot,
        started.catch(() => undefined),
      );
    },
    async pids(): Promise<Set<number>> {
      const launchers = await Promise.all(warm.values());
      const pids = launchers.flatMap((launcher) => [launcher?.launched.child.pid, launcher?.launched.sandboxPid]);
      return new Set(pids.filter((pid): pid is number => pid !== undefined));
    },
    async discard(slot: Slot): Promise<void> {
      const ready = await warm.get(slot);
      warm.delete(slot);
      if (ready) await discardWarmLauncher(ready, slot);
    },
  };
}

/** A Sandbox from a backend's launch planner and a slot pool. */
export function createPooledSandbox(
  name: string,
  pool: SlotPool,
  planLaunch: PlanLaunch,
  options: PooledSandboxOptions,
): Sandbox {
  const warm = createWarmStarts(planLaunch, options);

  async function runInSlot(slot: Slot, asked: SandboxRunRequest): Promise<SandboxRunResult> {
    const request =
      asked.freshBoxIn !== undefined && options.freshBoxParent
        ? { ...asked, freshBoxIn: options.freshBoxParent(slot) }
        : asked;
    const ready = await warm.take(slot, request);
    if (ready?.launched.sandboxPid !== undefined) {
      const { limits } = request;
      await slot.cgroup.begin({ memoryBytes: limits.memoryKib * 1024, pids: limits.processes + 1 });
      await slot.cgroup.attach(ready.launched.sandboxPid);
      warm.warmUp(slot, request, true);
      return { ...(await driveRun(ready.launched, request, slot)), boxDir: ready.boxDir, launch: 'warm' };
    }
    if (request.freshBoxIn !== undefined) {
      const boxDir = await makeFreshBox(request.freshBoxIn, slot);
      const fresh = { ...request, boxDir, writableBox: true };
      warm.warmUp(slot, request, false);
      return { ...(await superviseRun(planLaunch(fresh, slot), fresh, slot)), boxDir, launch: 'cold' };
    }
    if (request.writableBox) await chown(request.boxDir, slot.uid, slot.uid);
    return superviseRun(planLaunch(request, slot), request, slot);
  }

  const { withSlots, run, runTogether, runBatch } = slotRuns(pool, runInSlot);

  return {
    name,
    slots: pool.size,
    run,
    runTogether,
    runBatch,
    async leftoverProcesses() {
      const waiting = await warm.pids();
      return (await leftoverProcesses(pool)).filter((pid) => !waiting.has(pid));
    },
    async close() {
      await withSlots(pool.size, async (slots) => {
        for (const slot of slots) await warm.discard(slot);
      });
      await pool.close();
    },
  };
}
