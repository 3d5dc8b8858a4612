import type { IOType } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { startLauncher, type LaunchPlan, type Launched } from './launcher';
import { createOutputSink } from './output-sink';
import { decideRunOutcome, type KillReason } from './run-outcome';
import type { Slot } from './slot-pool';
import type { SandboxRunRequest, SandboxRunResult, StdioSpec } from './sandbox';

export type { LaunchPlan } from './launcher';

const defaultStderrCaptureBytes = 64 * 1024;
/** Past this much stderr the judge stops reading, so a flood costs the judge nothing (HOJ collects 16 MiB). */
const stderrDrainBytes = 16 * 1024 * 1024;

async function stdinOption(spec: StdioSpec): Promise<{ option: IOType | number; handle?: FileHandle }> {
  if (spec.kind === 'file') {
    const handle = await open(spec.path, 'r');
    return { option: handle.fd, handle };
  }
  if (spec.kind === 'bytes' || spec.kind === 'pipe') return { option: 'pipe' };
  return { option: 'ignore' };
}

/** A launcher started before its request (warm) has a pipe for stdin whatever the request says. */
function feedStdin(spec: StdioSpec, stdin: Writable | null): void {
  if (!stdin) return;
  stdin.on('error', () => undefined); // EPIPE when the program exits without reading everything.
  if (spec.kind === 'bytes') stdin.end(spec.content);
  else if (spec.kind === 'pipe') spec.pipe.stream.pipe(stdin);
  else if (spec.kind === 'file') {
    const input = createReadStream(spec.path).on('error', () => stdin.end());
    // A program that exits before reading everything must not leave the file open.
    stdin.on('close', () => input.destroy());
    input.pipe(stdin);
  } else stdin.end();
}

const outputOption = (spec: StdioSpec): IOType => (spec.kind === 'ignore' ? 'ignore' : 'pipe');

/** The stdio a cold launch gets: files go straight to the program; the rest through the judge. */
export async function coldStdio(request: SandboxRunRequest) {
  const stdin = await stdinOption(request.stdin);
  return {
    stdio: [stdin.option, outputOption(request.stdout), outputOption(request.stderr)],
    release: () => stdin.handle?.close(),
  };
}

/**
 * Runs one launch plan in a slot: prepares the slot's cgroups while bwrap sets itself up, then drives
 * the run like a warm one.
 */
export async function superviseRun(
  plan: LaunchPlan,
  request: SandboxRunRequest,
  slot: Slot,
): Promise<SandboxRunResult> {
  const { limits } = request;
  const begun = slot.cgroup.begin({ memoryBytes: limits.memoryKib * 1024, pids: limits.processes + 1 });
  begun.catch(() => undefined);
  if (!plan.gated) await begun;
  const { stdio, release } = await coldStdio(request);
  let launched: Launched;
  try {
    launched = await startLauncher(plan, stdio, slot, begun);
  } finally {
    await release();
  }
  return driveRun(launched, request, slot);
}

/**
 * Wires stdout/stderr sinks and stdin, releases a gated launcher, enforces wall and CPU time and the
 * output cap by SIGKILL of the launcher (whose death takes the pid namespace with it), then empties
 * the cgroups and reads what the run used. The cgroups must have begun already.
 */
export async function driveRun(launched: Launched, request: SandboxRunRequest, slot: Slot): Promise<SandboxRunResult> {
  const { child, closed } = launched;
  const { limits } = request;
  let killedFor: KillReason | null = null;
  const kill = (reason: KillReason) => {
    if (killedFor !== null) return;
    killedFor = reason;
    child.kill('SIGKILL');
  };

  const stdoutCap = request.stdout.kind === 'ignore' ? Number.MAX_SAFE_INTEGER : limits.outputBytes;
  const stdout = createOutputSink(request.stdout, stdoutCap);
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
  (child.stdio[4] as Writable | null | undefined)?.end(Buffer.from([1]));
  const startedAt = performance.now();

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
  const endedAtMs = performance.now();
  const wallTimeMs = Math.round(endedAtMs - startedAt);
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
    endedAtMs,
    peakMemoryKib: usage.peakMemoryKib,
    ...outcome,
    stdoutBytes,
    ...(capturedStdout ? { stdout: capturedStdout } : {}),
    ...(capturedStderr ? { stderr: capturedStderr } : {}),
  };
}
