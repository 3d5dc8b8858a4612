import { spawn, type IOType, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { createOutputSink } from './output-sink';
import { decideRunOutcome, type KillReason } from './run-outcome';
import type { Slot } from './slot-pool';
import type { SandboxRunRequest, SandboxRunResult, StdioSpec } from './sandbox';

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
}

const defaultStderrCaptureBytes = 64 * 1024;
/** Past this much stderr the judge stops reading, so a flood costs the judge nothing (HOJ collects 16 MiB). */
const stderrDrainBytes = 16 * 1024 * 1024;
const setupTimeoutMs = 20_000;

async function stdinOption(spec: StdioSpec): Promise<{ option: IOType | number; handle?: FileHandle }> {
  if (spec.kind === 'file') {
    const handle = await open(spec.path, 'r');
    return { option: handle.fd, handle };
  }
  if (spec.kind === 'bytes' || spec.kind === 'pipe') return { option: 'pipe' };
  return { option: 'ignore' };
}

function feedStdin(spec: StdioSpec, stdin: Writable | null): void {
  if (!stdin) return;
  stdin.on('error', () => undefined); // EPIPE when the program exits without reading everything.
  if (spec.kind === 'bytes') stdin.end(spec.content);
  if (spec.kind === 'pipe') spec.pipe.stream.pipe(stdin);
}

function readChildPid(info: Readable): Promise<number | undefined> {
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
 * Runs one launch plan in a slot: wires stdio, gates the start on the cgroups, enforces wall and
 * CPU time and the output cap by SIGKILL of the launcher (whose death takes the pid namespace with
 * it), then empties the cgroups and reads what the run used.
 */
export async function superviseRun(
  plan: LaunchPlan,
  request: SandboxRunRequest,
  slot: Slot,
): Promise<SandboxRunResult> {
  const { limits } = request;
  // A gated launcher sets itself up while the cgroups are prepared; the limits only matter from attach on.
  const begun = slot.cgroup.begin({ memoryBytes: limits.memoryKib * 1024, pids: limits.processes + 1 });
  begun.catch(() => undefined);
  if (!plan.gated) await begun;
  const stdin = await stdinOption(request.stdin);
  const outputOption = (spec: StdioSpec): IOType => (spec.kind === 'ignore' ? 'ignore' : 'pipe');
  const stdio: (IOType | number)[] = [stdin.option, outputOption(request.stdout), outputOption(request.stderr)];
  if (plan.gated) stdio.push('pipe', 'pipe');
  const [command = '', ...args] = plan.argv;
  const identity = plan.uid === undefined ? {} : { uid: plan.uid, gid: plan.uid };
  const child = spawn(command, args, { stdio: stdio as StdioOptions, env: {}, ...identity });
  await stdin.handle?.close();

  let killedFor: KillReason | null = null;
  const kill = (reason: KillReason) => {
    if (killedFor !== null) return;
    killedFor = reason;
    child.kill('SIGKILL');
  };
  const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  closed.catch(() => undefined);

  const stdout = createOutputSink(request.stdout, limits.outputBytes);
  child.stdout?.on('data', (chunk: Buffer) => {
    if (!stdout.write(chunk)) kill('output');
  });
  const stderr = createOutputSink(request.stderr, request.stderrCaptureBytes ?? defaultStderrCaptureBytes);
  let stderrSeen = 0;
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.write(chunk);
    stderrSeen += chunk.length;
    if (stderrSeen > stderrDrainBytes) child.stderr?.destroy();
  });
  feedStdin(request.stdin, child.stdin);

  let startedAt = performance.now();
  if (plan.gated) {
    const setupGuard = setTimeout(() => child.kill('SIGKILL'), setupTimeoutMs);
    const pid = await readChildPid(child.stdio[3] as Readable);
    clearTimeout(setupGuard);
    const beginError = await begun.then(
      () => undefined,
      (error: unknown) => error,
    );
    const attached =
      beginError === undefined &&
      pid !== undefined &&
      (await slot.cgroup.attach(pid).then(
        () => true,
        () => false,
      ));
    if (!attached) {
      // bwrap reports its pid before it mounts anything, so a bad mount shows up as a vanished pid.
      child.kill('SIGKILL');
      const [code] = await closed;
      const [, launcherStderr] = await Promise.all([stdout.finish(), stderr.finish()]);
      await slot.cgroup.finish();
      if (beginError !== undefined) throw beginError;
      const detail = launcherStderr ? `: ${Buffer.from(launcherStderr).toString().trim()}` : '';
      throw new Error(`The sandbox failed to start (launcher exit ${code})${detail}`);
    }
    (child.stdio[4] as Writable).end(Buffer.from([1]));
    startedAt = performance.now();
  }

  const wallTimer = setTimeout(() => kill('wall'), limits.wallTimeMs);
  let cpuTimer: NodeJS.Timeout | undefined;
  // The cgroup CPU can only reach the limit after at least (limit / cores) of wall time, so check then.
  const watchCpu = (afterMs: number) => {
    cpuTimer = setTimeout(() => {
      slot.cgroup.cpuTimeMs().then(
        (usedMs) => {
          if (killedFor !== null) return;
          if (usedMs >= limits.cpuTimeMs) kill('cpu');
          else watchCpu(Math.max(10, (limits.cpuTimeMs - usedMs) / 2));
        },
        () => undefined,
      );
    }, afterMs);
  };
  watchCpu(Math.max(10, limits.cpuTimeMs / 2));

  const [launcherExitCode, launcherSignal] = await closed;
  const wallTimeMs = Math.round(performance.now() - startedAt);
  clearTimeout(wallTimer);
  clearTimeout(cpuTimer);
  if (request.stdin.kind === 'pipe') {
    request.stdin.pipe.stream.unpipe();
    request.stdin.pipe.stream.resume();
  }
  const [stdoutBytes, capturedStdout, capturedStderr] = [stdout.bytes, await stdout.finish(), await stderr.finish()];
  const usage = await slot.cgroup.finish();
  const outcome = decideRunOutcome({ launcherExitCode, launcherSignal, killedFor, usage, limits });
  return {
    cpuTimeMs: usage.cpuTimeMs,
    wallTimeMs,
    peakMemoryKib: usage.peakMemoryKib,
    ...outcome,
    stdoutBytes,
    ...(capturedStdout ? { stdout: capturedStdout } : {}),
    ...(capturedStderr ? { stderr: capturedStderr } : {}),
  };
}
