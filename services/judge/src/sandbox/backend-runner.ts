import { chown } from 'node:fs/promises';
import { leftoverProcesses } from './leftover-processes';
import type { Sandbox, SandboxRunRequest } from './sandbox';
import type { Slot, SlotPool } from './slot-pool';
import { superviseRun, type LaunchPlan } from './supervise-run';

/** What distinguishes one backend from another: how a request becomes a host argv in a slot. */
export type PlanLaunch = (request: SandboxRunRequest, slot: Slot) => LaunchPlan;

async function runInSlot(planLaunch: PlanLaunch, request: SandboxRunRequest, slot: Slot) {
  if (request.writableBox) await chown(request.boxDir, slot.uid, slot.uid);
  return superviseRun(planLaunch(request, slot), request, slot);
}

/** A Sandbox from a backend's launch planner and a slot pool. */
export function createPooledSandbox(name: string, pool: SlotPool, planLaunch: PlanLaunch): Sandbox {
  return {
    name,
    slots: pool.size,
    async run(request) {
      const taken = await pool.acquire(1);
      try {
        const [slot] = taken;
        if (!slot) throw new Error('The slot pool returned no slot');
        return await runInSlot(planLaunch, request, slot);
      } finally {
        pool.release(taken);
      }
    },
    async runTogether(requests) {
      const taken = await pool.acquire(requests.length);
      try {
        return await Promise.all(
          requests.map((request, index) => {
            const slot = taken[index];
            if (!slot) throw new Error('The slot pool returned too few slots');
            return runInSlot(planLaunch, request, slot);
          }),
        );
      } finally {
        pool.release(taken);
      }
    },
    leftoverProcesses: () => leftoverProcesses(pool),
    close: () => pool.close(),
  };
}
