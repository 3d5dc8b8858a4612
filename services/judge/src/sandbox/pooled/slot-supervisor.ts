import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { systemView } from '../bubblewrap/bubblewrap-argv';
import { readChildPid } from '../launcher';
import type { Slot } from '../slot-pool';
import { createFrameDecoder, encodeFrame, type Frame, type FrameType } from './supervisor-protocol';

/** A slot's long-lived bwrap with the supervisor as its PID 1. */
export interface SlotSupervisor {
  /** Host pids of bwrap's monitor and of the supervisor: they are the slot's, but never a run's. */
  readonly pids: readonly number[];
  readonly alive: boolean;
  /** Whether it has every cgroup control file a batch's accounting needs (it refuses batches otherwise). */
  readonly canBatch: boolean;
  send(type: FrameType, payload?: Uint8Array): Promise<void>;
  /** Where frames go; one run at a time installs its handler. */
  onFrame: (frame: Frame) => void;
  /** Called once if the supervisor dies (the current run fails; the next run starts a new one). */
  onExit: (reason: string) => void;
  /** Host pid of the slot's run init (the supervisor's only child), when it has one. */
  runInitPid(): number | undefined;
  close(): Promise<void>;
}

/**
 * The long-lived sandbox: the same isolation as a per-run bwrap (every namespace, a read-only root,
 * no network, the slot's uid, NoNewPrivs), plus the host's / at /host and CAP_SYS_ADMIN
 * and CAP_SETPCAP inside its own user namespace, which the supervisor needs to build each run's
 * mount view; runs never see /host and exec with no capabilities (run-supervisor.c).
 */
export function supervisorArgv(
  bwrap: string,
  supervisorBinary: string,
  cgroupFdCount: number,
  accountingFds = '',
): string[] {
  return [
    bwrap,
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--as-pid-1',
    '--cap-add',
    'CAP_SYS_ADMIN',
    '--cap-add',
    'CAP_SETPCAP',
    ...systemView(),
    // The host's / as the slot uid may use it: writable only where that uid may write. The supervisor
    // binds each run's box and mounts from here (a bind can be made read-only, never writable again).
    '--bind',
    '/',
    '/host',
    '--dir',
    '/box',
    '--ro-bind',
    supervisorBinary,
    '/run-supervisor',
    '--remount-ro',
    '/',
    '--chdir',
    '/',
    '--clearenv',
    '--info-fd',
    '3',
    '--',
    '/run-supervisor',
    String(cgroupFdCount),
    accountingFds,
  ];
}

/**
 * The control files a batch's accounting needs, in run-supervisor.h's order (ACCOUNT_*), with the
 * open mode each needs: the slot's cgroup v1 dirs are told apart by the files they hold. Undefined
 * for a file this kernel lacks (the supervisor refuses batches without the ones it needs).
 */
export function accountingFiles(
  procsFiles: readonly string[],
): readonly (readonly [string, 'r' | 'r+' | 'w'] | undefined)[] {
  const dirs = procsFiles.map((file) => dirname(file));
  const dirWith = (name: string) => dirs.find((dir) => existsSync(`${dir}/${name}`));
  const [memory, pids, cpuacct] = [dirWith('memory.oom_control'), dirWith('pids.events'), dirWith('cpuacct.usage')];
  const file = (dir: string | undefined, name: string, mode: 'r' | 'r+' | 'w') =>
    dir !== undefined && existsSync(`${dir}/${name}`) ? ([`${dir}/${name}`, mode] as const) : undefined;
  return [
    file(cpuacct, 'cpuacct.usage', 'r+'),
    file(memory, 'memory.max_usage_in_bytes', 'r+'),
    file(memory, 'memory.memsw.max_usage_in_bytes', 'w'),
    file(memory, 'memory.usage_in_bytes', 'r'),
    file(memory, 'memory.kmem.usage_in_bytes', 'r'),
    file(memory, 'memory.force_empty', 'w'),
    file(memory, 'memory.oom_control', 'r'),
    file(pids, 'pids.events', 'r'),
    file(pids, 'tasks', 'r'),
    file(memory, 'tasks', 'r'),
  ];
}

/** The files of accountingFiles a batch cannot do without (run-accounting.c, accounting_ready). */
const neededForBatches = [0, 1, 3, 5, 6, 7, 8, 9];

export interface SupervisorTools {
  readonly bwrap: string;
  /** The compiled run-supervisor.c (./build-supervisor). */
  readonly supervisor: string;
  /** The syscall filter's bytes (../seccomp): sent once per supervisor, which refuses runs before it has them. */
  readonly seccompFilter: Uint8Array;
}

/**
 * The slot's cgroup.procs files, opened here as root and inherited by the supervisor at fds 4..: a
 * write to cgroup.procs is checked against the credentials of whoever opened the file, so the
 * program (still holding them between fork and exec, then closing them) joins the run's cgroups
 * with no round trip to the judge. Nothing else in the sandbox can reach these files.
 */
function spawnSupervisor(tools: SupervisorTools, slot: Slot): { child: ChildProcess; canBatch: boolean } {
  const cgroupFds = slot.cgroup.procsFiles.map((file) => openSync(file, 'w'));
  // The batch accounting's files follow the cgroup.procs fds; the supervisor learns their numbers from argv[2].
  const accounting = accountingFiles(slot.cgroup.procsFiles);
  const accountingFds = accounting.flatMap((entry) => (entry ? [openSync(entry[0], entry[1])] : []));
  let next = 4 + cgroupFds.length;
  const accountingList = accounting.map((entry) => (entry ? next++ : -1)).join(',');
  try {
    const argv = supervisorArgv(tools.bwrap, tools.supervisor, cgroupFds.length, accountingList);
    const child = spawn(tools.bwrap, argv.slice(1), {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', ...cgroupFds, ...accountingFds],
      env: {},
      uid: slot.uid,
      gid: slot.uid,
    });
    return { child, canBatch: neededForBatches.every((index) => accounting[index] !== undefined) };
  } finally {
    for (const fd of [...cgroupFds, ...accountingFds]) closeSync(fd);
  }
}

export async function startSlotSupervisor(tools: SupervisorTools, slot: Slot): Promise<SlotSupervisor> {
  const { child, canBatch } = spawnSupervisor(tools, slot);
  let alive = true;
  let pids: readonly number[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString();
  });
  child.stdin?.on('error', () => undefined);
  const supervisor: SlotSupervisor = {
    get pids() {
      return pids;
    },
    get alive() {
      return alive;
    },
    canBatch,
    onFrame: () => undefined,
    onExit: () => undefined,
    async send(type, payload) {
      const stdin = child.stdin;
      if (!alive || !stdin) throw new Error('The slot supervisor is gone');
      if (!stdin.write(encodeFrame(type, payload))) {
        await new Promise<void>((resolve) => {
          const done = () => {
            child.off('close', done);
            stdin.off('drain', done);
            resolve();
          };
          stdin.once('drain', done);
          child.once('close', done);
        });
      }
    },
    runInitPid() {
      const supervisorPid = pids[1];
      if (supervisorPid === undefined) return undefined;
      try {
        const text = readFileSync(`/proc/${supervisorPid}/task/${supervisorPid}/children`, 'utf8').trim();
        const pids = text.split(' ').filter((pid) => pid !== '');
        return pids.length === 1 ? Number(pids[0]) : undefined;
      } catch {
        return undefined;
      }
    },
    async close() {
      if (!alive) return;
      const closed = new Promise((resolve) => child.once('close', resolve));
      child.stdin?.end();
      child.kill('SIGKILL');
      await closed;
    },
  };
  child.stdout?.on(
    'data',
    createFrameDecoder((frame) => supervisor.onFrame(frame)),
  );
  child.once('close', (code, signal) => {
    alive = false;
    supervisor.onExit(`the slot supervisor exited (${code ?? signal}): ${stderr.trim()}`);
  });
  const supervisorPid = await readChildPid(child.stdio[3] as Readable);
  if (supervisorPid === undefined || child.pid === undefined) {
    await supervisor.close();
    throw new Error(`The pooled sandbox failed to start: ${stderr.trim()}`);
  }
  pids = [child.pid, supervisorPid];
  await supervisor.send('S', tools.seccompFilter);
  return supervisor;
}
