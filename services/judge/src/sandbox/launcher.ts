import { spawn, type ChildProcess, type IOType, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { coverInheritedFds } from './inherited-fds';
import type { Slot } from './slot-pool';

/** How a backend starts a run: the host argv, and whether it pauses on fd 4 after reporting its pid on fd 3. */
export interface LaunchPlan {
  readonly argv: readonly string[];
  /** bwrap's --info-fd 3 --block-fd 4: the judge moves the child into the cgroups before it runs anything. */
  readonly gated: boolean;
  /**
   * Start the launcher as this uid and gid: libuv calls setgroups(0), setgid and setuid in the child
   * before exec, which is what `setpriv --reuid --regid --clear-groups` did, one exec cheaper.
   */
  readonly uid?: number;
  /** Bytes the launcher reads from fd 5 until EOF (bwrap's `--seccomp 5`: the compiled syscall filter); gated plans only. */
  readonly seccompFilter?: Uint8Array;
}

/** A started launcher: for a gated one, set up, in the slot's cgroups and waiting for its go on fd 4. */
export interface Launched {
  readonly child: ChildProcess;
  readonly closed: Promise<[number | null, NodeJS.Signals | null]>;
  /** The sandbox's init (gated launchers only). */
  readonly sandboxPid?: number;
}

const setupTimeoutMs = 20_000;

/** Where a gated launcher's init goes once set up, and how to clear it out if the start fails. */
export interface LauncherPlacement {
  attach(pid: number): Promise<void>;
  cleanUp(): Promise<unknown>;
}

const runPlacement = (slot: Slot): LauncherPlacement => ({
  attach: (pid) => slot.cgroup.attach(pid),
  cleanUp: () => slot.cgroup.finish(),
});

/** A signal that ignores a process already gone. */
export function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** The pid bwrap reports on its --info-fd (`"child-pid": N`), or undefined if bwrap ended first. */
export function readChildPid(info: Readable): Promise<number | undefined> {
  return new Promise((resolve) => {
    let text = '';
    info.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /"child-pid":\s*(\d+)/.exec(text);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
    info.on('close', () => resolve(undefined));
    info.on('error', () => resolve(undefined));
  });
}

/**
 * Spawns the plan. For a gated plan, waits for bwrap's pid report, waits for `cgroupsReady`, and
 * moves the pid into the slot's cgroups (or, for a warm launcher, the holding cgroup); bwrap reports its pid before it mounts anything, so a bad
 * mount shows up as a pid that vanished before the attach, and the error carries bwrap's message.
 */
export async function startLauncher(
  plan: LaunchPlan,
  stdio: readonly (IOType | number)[],
  slot: Slot,
  cgroupsReady: Promise<void>,
  placement: LauncherPlacement = runPlacement(slot),
): Promise<Launched> {
  const [command = '', ...args] = plan.argv;
  const identity = plan.uid === undefined ? {} : { uid: plan.uid, gid: plan.uid };
  const launcherFds = plan.seccompFilter === undefined ? ['pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'];
  const fullStdio = plan.gated ? [...stdio, ...launcherFds] : [...stdio];
  const child = spawn(command, args, { stdio: coverInheritedFds(fullStdio) as StdioOptions, env: {}, ...identity });
  if (plan.gated && plan.seccompFilter !== undefined) {
    const filterFd = (child.stdio as readonly unknown[])[5] as Writable | null | undefined;
    filterFd?.on('error', () => undefined); // bwrap died before reading it: the start fails below anyway.
    filterFd?.end(plan.seccompFilter);
  }
  const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  closed.catch(() => undefined);
  if (!plan.gated) return { child, closed };

  let launcherStderr = '';
  const collect = (chunk: Buffer) => {
    if (launcherStderr.length < 4096) launcherStderr += chunk.toString();
  };
  child.stderr?.on('data', collect);
  const setupGuard = setTimeout(() => child.kill('SIGKILL'), setupTimeoutMs);
  const pid = await readChildPid(child.stdio[3] as Readable);
  clearTimeout(setupGuard);
  const cgroupError = await cgroupsReady.then(
    () => undefined,
    (error: unknown) => error,
  );
  const attached =
    cgroupError === undefined &&
    pid !== undefined &&
    (await placement.attach(pid).then(
      () => true,
      () => false,
    ));
  if (attached) {
    child.stderr?.off('data', collect);
    return { child, closed, sandboxPid: pid };
  }
  // The init may be waiting on fd 4 (not yet bound to die with bwrap) and holding the stdio open.
  child.kill('SIGKILL');
  if (pid !== undefined) signalQuietly(pid, 'SIGKILL');
  await placement.cleanUp();
  const [code] = await closed;
  if (cgroupError !== undefined) throw cgroupError;
  throw new Error(`The sandbox failed to start (launcher exit ${code}): ${launcherStderr.trim()}`);
}
