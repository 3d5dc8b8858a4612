import { createReadStream } from 'node:fs';
import { chown } from 'node:fs/promises';
import { killQuietly } from '../launcher';
import { leftoverProcesses } from '../leftover-processes';
import { createOutputSink } from '../output-sink';
import { signalName } from '../linux-signals';
import { decideRunOutcome, type KillReason } from '../run-outcome';
import type { Sandbox, SandboxRunRequest, SandboxRunResult, StdioSpec } from '../sandbox';
import type { Slot, SlotPool } from '../slot-pool';
import { slotRuns } from '../slot-runs';
import { makeFreshBox } from '../warm-launchers';
import { startSlotSupervisor, type SlotSupervisor, type SupervisorTools } from './slot-supervisor';
import { decodeVerdict, encodeRequest, type Frame, type SupervisorVerdict } from './supervisor-protocol';

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
 * A Sandbox whose slots each keep one bwrap alive, with a supervisor inside that makes every run's
 * namespaces, mounts and limits (run-supervisor.c): no bwrap setup per run. The host keeps what it
 * did before: the slot's cgroups per run, the CPU watchdog, the cleanup sweep and the readings.
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

  /** A supervisor found dead before the program started costs a restart, not the run. */
  async function runInSlot(slot: Slot, request: SandboxRunRequest): Promise<SandboxRunResult> {
    const attempt = { released: false };
    try {
      return await runOnce(slot, request, attempt);
    } catch (error) {
      if (attempt.released) throw error;
      return runOnce(slot, request, attempt);
    }
  }

  async function runOnce(
    slot: Slot,
    request: SandboxRunRequest,
    attempt: { released: boolean },
  ): Promise<SandboxRunResult> {
    const fresh = request.freshBoxIn !== undefined;
    const boxDir = request.freshBoxIn !== undefined ? await makeFreshBox(request.freshBoxIn, slot) : request.boxDir;
    const box = fresh ? 'fresh' : request.writableBox ? 'writable' : 'read-only';
    if (box === 'writable') await chown(request.boxDir, slot.uid, slot.uid);
    const { limits } = request;
    const begun = slot.cgroup.begin({ memoryBytes: limits.memoryKib * 1024, pids: limits.processes + 1 });
    begun.catch(() => undefined);
    const supervisor = await supervisorOf(slot);

    const stdout = createOutputSink(
      request.stdout,
      request.stdout.kind === 'ignore' ? Number.MAX_SAFE_INTEGER : limits.outputBytes,
    );
    const stderr = createOutputSink(request.stderr, request.stderrCaptureBytes ?? defaultStderrCaptureBytes);
    let prepared!: () => void;
    let ended!: (verdict: SupervisorVerdict) => void;
    let failed!: (error: Error) => void;
    const preparedSignal = new Promise<void>((resolve) => (prepared = resolve));
    const verdict = new Promise<SupervisorVerdict>((resolve, reject) => {
      ended = resolve;
      failed = reject;
    });
    verdict.catch(() => undefined);
    supervisor.onFrame = (frame: Frame) => {
      if (frame.type === 'O') stdout.write(frame.payload);
      else if (frame.type === 'D') stderr.write(frame.payload);
      else if (frame.type === 'P') prepared();
      else if (frame.type === 'X') ended(decodeVerdict(frame.payload));
      else if (frame.type === 'F') failed(new Error(`The pooled sandbox could not prepare the run: ${frame.payload}`));
    };
    supervisor.onExit = (reason) => failed(new Error(reason));

    let killedFor: KillReason | null = null;
    let cpuTimer: NodeJS.Timeout | undefined;
    let done = false;
    try {
      await supervisor.send('R', encodeRequest(request, boxDir, box));
      await Promise.race([preparedSignal, verdict]);
      await begun;
      const initPid = supervisor.runInitPid();
      if (initPid === undefined) throw new Error('The pooled sandbox lost the run init');
      await slot.cgroup.attach(initPid);
      attempt.released = true;
      await supervisor.send('G');
      feedStdin(request.stdin, supervisor, () => done).catch(() => undefined);
      const watchCpu = (afterMs: number) => {
        cpuTimer = setTimeout(() => {
          slot.cgroup.cpuTimeMs().then(
            (usedMs) => {
              if (done || killedFor !== null) return;
              if (usedMs >= limits.cpuTimeMs) {
                killedFor = 'cpu';
                // Straight to the init (its death ends the run's pid namespace): a 'K' frame could wait
                // behind stdin that the supervisor is not taking while the program does not read.
                killQuietly(initPid);
              } else watchCpu(Math.max(10, (limits.cpuTimeMs - usedMs) / 2));
            },
            () => undefined,
          );
        }, afterMs);
      };
      watchCpu(Math.max(10, limits.cpuTimeMs / 2));
      const reported = await verdict;
      const endedAtMs = performance.now();
      done = true;
      clearTimeout(cpuTimer);
      if (request.stdin.kind === 'pipe') {
        request.stdin.pipe.stream.unpipe();
        request.stdin.pipe.stream.resume();
      }
      const [stdoutBytes, capturedStdout, capturedStderr] = [
        stdout.bytes,
        await stdout.finish(),
        await stderr.finish(),
      ];
      const usage = await slot.cgroup.finish();
      const killed: KillReason | null =
        reported.killedFor === 'wall' || reported.killedFor === 'output' ? reported.killedFor : killedFor;
      const outcome = decideRunOutcome({
        launcherExitCode: reported.exitCode,
        launcherSignal: reported.signal === null ? null : signalName(reported.signal),
        killedFor: killed,
        usage,
        limits,
      });
      return {
        cpuTimeMs: usage.cpuTimeMs,
        wallTimeMs: reported.wallTimeMs,
        endedAtMs,
        peakMemoryKib: usage.peakMemoryKib,
        ...outcome,
        stdoutBytes,
        ...(capturedStdout ? { stdout: capturedStdout } : {}),
        ...(capturedStderr ? { stderr: capturedStderr } : {}),
        ...(fresh ? { boxDir, launch: 'warm' as const } : {}),
      };
    } catch (error) {
      done = true;
      clearTimeout(cpuTimer);
      // Whatever state the supervisor is in, a fresh one serves the next run.
      await supervisor.close();
      await slot.cgroup.finish().catch(() => undefined);
      throw error;
    } finally {
      supervisor.onFrame = () => undefined;
      supervisor.onExit = () => undefined;
    }
  }

  const { withSlots, run, runTogether } = slotRuns(pool, runInSlot);

  return {
    name: 'bubblewrap-pooled',
    slots: pool.size,
    run,
    runTogether,
    async leftoverProcesses() {
      const own = new Set([...supervisors.values()].flatMap((supervisor) => supervisor.pids));
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
