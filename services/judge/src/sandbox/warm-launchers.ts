import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startLauncher, type LaunchPlan, type Launched } from './launcher';
import type { SandboxRunRequest } from './sandbox';
import type { Slot } from './slot-pool';

/**
 * A launcher started for a run nobody has asked for yet: bwrap set up, blocked on fd 4 in the slot's
 * holding cgroup, with a fresh box. Started when a run of the same shape starts (its setup overlaps
 * that run), on the bet that a submission's next case looks like its last one; used only if the
 * next request in that slot has the same argv, after the run's cgroups are made and it is attached.
 */
export interface WarmLauncher {
  readonly key: string;
  readonly launched: Launched;
  readonly boxDir: string;
}

export type PlanLaunch = (request: SandboxRunRequest, slot: Slot) => LaunchPlan;

/** What a launch depends on besides the box dir: the whole host argv with the box left out. */
export function warmKey(planLaunch: PlanLaunch, request: SandboxRunRequest, slot: Slot): string {
  return JSON.stringify(planLaunch({ ...request, boxDir: '/box-of-the-run', writableBox: true }, slot).argv);
}

export async function makeFreshBox(parent: string, slot: Slot): Promise<string> {
  const dir = await mkdtemp(join(parent, 'box-'));
  await chmod(dir, 0o755);
  await chown(dir, slot.uid, slot.uid);
  return dir;
}

export async function startWarmLauncher(
  planLaunch: PlanLaunch,
  request: SandboxRunRequest & { readonly freshBoxIn: string },
  slot: Slot,
): Promise<WarmLauncher> {
  const boxDir = await makeFreshBox(request.freshBoxIn, slot);
  try {
    const plan = planLaunch({ ...request, boxDir, writableBox: true }, slot);
    // Never the run's cgroups: this starts while the slot's current run is still going.
    const launched = await startLauncher(plan, ['pipe', 'pipe', 'pipe'], slot, Promise.resolve(), {
      attach: (pid) => slot.cgroup.hold(pid),
      cleanUp: () => slot.cgroup.clearHold(),
    });
    return { key: warmKey(planLaunch, request, slot), launched, boxDir };
  } catch (error) {
    await rm(boxDir, { recursive: true, force: true });
    throw error;
  }
}

export function isStillWaiting(warm: WarmLauncher): boolean {
  const { child } = warm.launched;
  return child.exitCode === null && child.signalCode === null;
}

/**
 * Kills an unused warm launcher and removes its box. bwrap's --die-with-parent is not yet armed
 * while it waits on fd 4, and the waiting init holds the stdio sockets open, so the init is killed
 * through the holding cgroup before waiting for the launcher to close.
 */
export async function discardWarmLauncher(warm: WarmLauncher, slot: Slot): Promise<void> {
  warm.launched.child.kill('SIGKILL');
  await slot.cgroup.clearHold();
  await warm.launched.closed.catch(() => undefined);
  await rm(warm.boxDir, { recursive: true, force: true });
}
