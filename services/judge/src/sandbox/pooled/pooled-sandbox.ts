import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, createReadStream, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { killQuietly } from '../launcher';
import { leftoverProcesses } from '../leftover-processes';
import { createOutputSink, type OutputSink } from '../output-sink';
import { signalName } from '../linux-signals';
import { decideRunOutcome, type KillReason } from '../run-outcome';
import type { Sandbox, SandboxLimits, SandboxRunRequest, SandboxRunResult, StdioSpec } from '../sandbox';
import type { Slot, SlotPool } from '../slot-pool';
import { slotRuns } from '../slot-runs';
import { startSlotSupervisor, type SlotSupervisor, type SupervisorTools } from './slot-supervisor';
import { decodeVerdict, encodeRequest, type BoxKind, type Frame, type SupervisorVerdict } from './supervisor-protocol';

const defaultStderrCaptureBytes = 64 * 1024;
const stdinChunkBytes = 64 * 1024;

/** Sends the request's stdin to the supervisor as 'I' frames, then 'E'. */
async function feedStdin(spec: StdioSpec, supervisor: SlotSupervisor, stopped: () => boolean): Promise<void> {
  if (spec.kind === 'bytes') {
    const bytes = Buffer.from(spec.content);
    for (let at = 0; at < bytes.length && !stopped(); at += stdinChunkBytes) {
      await supervisor.send('I', bytes.subarray(at, at + stdinChunkBytes));
    }
  } else if (spec.kind === 'file') {
    const input = createReadStream(spec.path, { highWaterMark: stdinChunkBytes });
    try {
      for await (const chunk of input) {
        if (stopped()) break;
        await supervisor.send('I', chunk as Buffer);
      }
    } finally {
      input.destroy();
    }
  } else if (spec.kind === 'pipe') {
    const stream = spec.pipe.stream;
    for await (const chunk of stream) {
      if (stopped()) break;
      await supervisor.send('I', chunk as Buffer);
    }
  }
  if (!stopped() && spec.kind !== 'ignore') await supervisor.send('E');
}

/**
 * The host dir a fresh box's kept files are copied to. Synchronous: three thread-pool round trips
 * (mkdtemp, chmod, chown) cost more than the whole run inside the sandbox on a busy machine.
 */
function makeFreshBoxSync(parent: string, slot: Slot): string {
  const dir = mkdtempSync(join(parent, 'box-'));
  chmodSync(dir, 0o755);
  chownSync(dir, slot.uid, slot.uid);
  return dir;
}

/**
 * The box the supervisor gets, and how it mounts it. A fresh box is a tmpfs in the sandbox; its host
 * dir is made only when `keepFiles` names files to copy out: otherwise `boxDir` names a path nothing
 * is made at (the caller's removal finds nothing), which saves a mkdir and an rmdir on the judge's
 * disk per run, more wall time than the run itself on a busy machine.
 */
function prepareBox(request: SandboxRunRequest, slot: Slot): { boxDir: string; box: BoxKind } {
  if (request.freshBoxIn !== undefined && (request.keepFiles?.length ?? 0) === 0) {
    return { boxDir: join(request.freshBoxIn, `box-${randomBytes(8).toString('hex')}`), box: 'fresh' };
  }
  if (request.freshBoxIn !== undefined) return { boxDir: makeFreshBoxSync(request.freshBoxIn, slot), box: 'fresh' };
  if (request.writableBox) chownSync(request.boxDir, slot.uid, slot.uid);
  return { boxDir: request.boxDir, box: request.writableBox ? 'writable' : 'read-only' };
}

/** One run's view of the supervisor's frames: stdout and stderr into their sinks, the verdict or a failure. */
function listen(supervisor: SlotSupervisor, stdout: OutputSink, stderr: OutputSink) {
  const heard = { any: false };
  let ended!: (verdict: SupervisorVerdict) => void;
  let failed!: (error: Error) => void;
  const verdict = new Promise<SupervisorVerdict>((resolve, reject) => {
    ended = resolve;
    failed = reject;
  });
  verdict.catch(() => undefined);
  supervisor.onFrame = (frame: Frame) => {
    if (frame.type === 'F') return failed(new Error(`The pooled sandbox could not prepare the run: ${frame.payload}`));
    heard.any = true;
    if (frame.type === 'O') stdout.write(frame.payload);
    else if (frame.type === 'D') stderr.write(frame.payload);
    else if (frame.type === 'X') ended(decodeVerdict(frame.payload));
  };
  supervisor.onExit = (reason) => failed(new Error(reason));
  return { verdict, heard };
}

/**
 * The CPU watchdog on the run's cgroup: at the limit it kills the slot's run init (its death ends the
 * run's pid namespace; the supervisor makes a new init for the next run). Straight to the init: a 'K'
 * frame could wait behind stdin that the supervisor is not taking while the program does not read.
 */
function watchCpu(slot: Slot, supervisor: SlotSupervisor, limits: SandboxLimits) {
  const state = { done: false, killedFor: null as KillReason | null, timer: undefined as NodeJS.Timeout | undefined };
  const check = (afterMs: number) => {
    state.timer = setTimeout(() => {
      slot.cgroup.cpuTimeMs().then(
        (usedMs) => {
          if (state.done || state.killedFor !== null) return;
          if (usedMs < limits.cpuTimeMs) return check(Math.max(10, (limits.cpuTimeMs - usedMs) / 2));
          state.killedFor = 'cpu';
          const initPid = supervisor.runInitPid();
          if (initPid !== undefined) killQuietly(initPid);
        },
        () => undefined,
      );
    }, afterMs);
  };
  check(Math.max(10, limits.cpuTimeMs / 2));
  return {
    get killedFor() {
      return state.killedFor;
    },
    stop() {
      state.done = true;
      clearTimeout(state.timer);
    },
  };
}

/** The run's result from the supervisor's verdict and the cgroup's readings. */
async function collectResult(
  slot: Slot,
  request: SandboxRunRequest,
  reported: SupervisorVerdict,
  sinks: { stdout: OutputSink; stderr: OutputSink; endedAtMs: number; cpuKill: KillReason | null },
  box: { boxDir: string; fresh: boolean },
): Promise<SandboxRunResult> {
  const { stdout, stderr } = sinks;
  const [stdoutBytes, capturedStdout, capturedStderr] = [stdout.bytes, await stdout.finish(), await stderr.finish()];
  const usage = await slot.cgroup.finish();
  const killedFor: KillReason | null =
    reported.killedFor === 'wall' || reported.killedFor === 'output' ? reported.killedFor : sinks.cpuKill;
  const outcome = decideRunOutcome({
    launcherExitCode: reported.exitCode,
    launcherSignal: reported.signal === null ? null : signalName(reported.signal),
    killedFor,
    usage,
    limits: request.limits,
  });
  return {
    cpuTimeMs: usage.cpuTimeMs,
    wallTimeMs: reported.wallTimeMs,
    endedAtMs: sinks.endedAtMs,
    peakMemoryKib: usage.peakMemoryKib,
    ...outcome,
    stdoutBytes,
    ...(capturedStdout ? { stdout: capturedStdout } : {}),
    ...(capturedStderr ? { stderr: capturedStderr } : {}),
    ...(box.fresh ? { boxDir: box.boxDir, launch: 'warm' as const } : {}),
  };
}

/**
 * One run in a slot: one 'R' frame, then stdout/stderr frames and the 'X' verdict. The program joins
 * the run's cgroups itself (slot-supervisor.ts), so the judge only resets the cgroups before and
 * reads and sweeps them after. `attempt.heard` tells the caller whether any of the run reached it.
 */
async function runOnce(
  slot: Slot,
  supervisor: SlotSupervisor,
  request: SandboxRunRequest,
  attempt: { heard: boolean },
): Promise<SandboxRunResult> {
  const { limits } = request;
  const { boxDir, box } = prepareBox(request, slot);
  // The program alone is in the pids cgroup (its init is not), so it may have `processes` tasks.
  await slot.cgroup.begin({ memoryBytes: limits.memoryKib * 1024, pids: limits.processes });
  const stdout = createOutputSink(
    request.stdout,
    request.stdout.kind === 'ignore' ? Number.MAX_SAFE_INTEGER : limits.outputBytes,
  );
  const stderr = createOutputSink(request.stderr, request.stderrCaptureBytes ?? defaultStderrCaptureBytes);
  const { verdict, heard } = listen(supervisor, stdout, stderr);
  let cpu: ReturnType<typeof watchCpu> | undefined;
  let stdinDone = false;
  try {
    await supervisor.send('R', encodeRequest(request, boxDir, box));
    cpu = watchCpu(slot, supervisor, limits);
    feedStdin(request.stdin, supervisor, () => stdinDone).catch(() => undefined);
    const reported = await verdict;
    const endedAtMs = performance.now();
    stdinDone = true;
    cpu.stop();
    if (request.stdin.kind === 'pipe') {
      request.stdin.pipe.stream.unpipe();
      request.stdin.pipe.stream.resume();
    }
    const sinks = { stdout, stderr, endedAtMs, cpuKill: cpu.killedFor };
    return await collectResult(slot, request, reported, sinks, { boxDir, fresh: box === 'fresh' });
  } catch (error) {
    stdinDone = true;
    cpu?.stop();
    attempt.heard = heard.any;
    // Whatever state the supervisor is in, a fresh one serves the next run.
    await supervisor.close();
    await slot.cgroup.finish().catch(() => undefined);
    throw error;
  } finally {
    supervisor.onFrame = () => undefined;
    supervisor.onExit = () => undefined;
  }
}

/**
 * A Sandbox whose slots each keep one bwrap alive, with a supervisor inside that makes every run's
 * view, limits and process (run-supervisor.c): no bwrap, namespace or Node child process per run.
 * The host keeps the slot's cgroups (reset per run), the CPU watchdog, the cleanup sweep and the readings.
 */
export function createPooledBubblewrapSandbox(tools: SupervisorTools, pool: SlotPool): Sandbox {
  const supervisors = new Map<Slot, SlotSupervisor>();

  async function supervisorOf(slot: Slot): Promise<SlotSupervisor> {
    const running = supervisors.get(slot);
    if (running?.alive) return running;
    const started = await startSlotSupervisor(tools, slot);
    supervisors.set(slot, started);
    return started;
  }

  /** A supervisor that failed before any of the run reached the judge costs a restart, not the run. */
  async function runInSlot(slot: Slot, request: SandboxRunRequest): Promise<SandboxRunResult> {
    const attempt = { heard: false };
    try {
      return await runOnce(slot, await supervisorOf(slot), request, attempt);
    } catch (error) {
      if (attempt.heard) throw error;
      return runOnce(slot, await supervisorOf(slot), request, attempt);
    }
  }

  const { withSlots, run, runTogether } = slotRuns(pool, runInSlot);

  return {
    name: 'bubblewrap-pooled',
    slots: pool.size,
    run,
    runTogether,
    async leftoverProcesses() {
      // The slot's own processes: bwrap's monitor, the supervisor and its run init (between runs it holds nothing).
      const own = new Set(
        [...supervisors.values()].flatMap((supervisor) => [...supervisor.pids, supervisor.runInitPid() ?? -1]),
      );
      return (await leftoverProcesses(pool)).filter((pid) => !own.has(pid));
    },
    async close() {
      await withSlots(pool.size, async () => {
        await Promise.all([...supervisors.values()].map((supervisor) => supervisor.close()));
        supervisors.clear();
      });
      await pool.close();
    },
  };
}
