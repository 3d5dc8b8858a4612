import { createReadStream } from 'node:fs';
import { signalQuietly } from '../launcher';
import { leftoverProcesses } from '../leftover-processes';
import { createOutputSink, type OutputSink } from '../output-sink';
import type { KillReason } from '../run-outcome';
import type { Sandbox, SandboxLimits, SandboxRunRequest, SandboxRunResult, StdioSpec } from '../sandbox';
import type { Slot, SlotPool } from '../slot-pool';
import { slotRuns, type RunBatchInSlot } from '../slot-runs';
import { collectResult, prepareBox } from './run-steps';
import { startSlotSupervisor, type SlotSupervisor, type SupervisorTools } from './slot-supervisor';
import { createSlotPipelines } from './slot-pipelines';
import { batchStdin, createSlotBatches, nextBatch } from './supervisor-batch';
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
 * The CPU watchdog on the run's cgroup: at the limit it signals the slot's run init (SIGUSR1), which
 * kills every process of the run, reports it and ends (its death ends the run's namespaces; the
 * supervisor makes a new init for the next run). A signal, not a frame: a 'K' frame could wait behind
 * stdin that the init is not taking while the program does not read. Not SIGKILL: the init reads and
 * writes the judge's frames itself, and a kill in the middle of one would tear the stream.
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
          if (initPid !== undefined) signalQuietly(initPid, 'SIGUSR1');
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

  const batches = createSlotBatches(supervisorOf, (slot) => supervisors.get(slot)?.close());

  /**
   * One request with an 'R' frame: the judge streams its stdin and pipes, watches its CPU time and
   * reads its cgroups. A supervisor that failed before any of the run reached the judge costs a
   * restart, not the run.
   */
  async function runAlone(slot: Slot, request: SandboxRunRequest): Promise<SandboxRunResult> {
    await batches.beforeAlone(slot);
    const attempt = { heard: false };
    try {
      return await runOnce(slot, await supervisorOf(slot), request, attempt);
    } catch (error) {
      if (attempt.heard) throw error;
      return runOnce(slot, await supervisorOf(slot), request, attempt);
    }
  }

  /**
   * Consecutive batchable requests of one shape go to the supervisor as one batch; others run on their
   * own. A batch the supervisor ended early, or whose supervisor died, goes on one run at a time from
   * the first run that did not report, so its errors are a single run's.
   */
  const runBatchInSlot: RunBatchInSlot = async (slot, requests, onResult) => {
    const results: SandboxRunResult[] = [];
    const report = (result: SandboxRunResult) => {
      results.push(result);
      onResult(result, results.length - 1);
    };
    const canBatch = (await supervisorOf(slot)).canBatch;
    while (results.length < requests.length) {
      const group = canBatch ? nextBatch(requests.slice(results.length)) : [];
      const next = requests[results.length];
      if (group.length === 0 && next) {
        report(await runAlone(slot, next));
        continue;
      }
      const done = await batches.runGroup(slot, group, report);
      const stopped = requests[results.length];
      if (done < group.length && stopped) report(await runAlone(slot, stopped));
    }
    return results;
  };

  /**
   * A request that a batch can carry runs as a batch of one: the supervisor reads its cgroups and
   * watches its CPU time, so the judge's part is one frame each way (docs/judging.md, third pass).
   */
  async function runInSlot(slot: Slot, request: SandboxRunRequest): Promise<SandboxRunResult> {
    const stdin = batchStdin(request);
    if (stdin === undefined || !(await supervisorOf(slot)).canBatch) return runAlone(slot, request);
    let result: SandboxRunResult | undefined;
    const done = await batches.runGroup(slot, [{ request, stdin }], (reported) => (result = reported));
    if (done === 1 && result) return result;
    return runAlone(slot, request);
  }

  const { withSlots, run: runHoldingSlot, runTogether, runBatch } = slotRuns(pool, runInSlot, runBatchInSlot);
  const liveSupervisor = (slot: Slot) => (supervisors.get(slot)?.alive ? supervisors.get(slot) : undefined);
  const pipelines = createSlotPipelines({ pool, batches, supervisorOf, liveSupervisor, runAlone });

  /** A single run that a batch can carry is pipelined in a slot (./slot-pipelines); any other holds a slot. */
  async function run(request: SandboxRunRequest): Promise<SandboxRunResult> {
    const stdin = batchStdin(request);
    return stdin === undefined ? runHoldingSlot(request) : pipelines.run(request, stdin);
  }

  return {
    name: 'bubblewrap-pooled',
    slots: pool.size,
    run,
    runTogether,
    runBatch,
    async leftoverProcesses() {
      // The slot's own processes: bwrap's monitor, the supervisor and its run init (between runs it holds
      // nothing). Read before and after the scan: a killed run's init reports before it ends, and the
      // supervisor then makes the next one at once, so the scan may see either.
      const own = () =>
        [...supervisors.values()].flatMap((supervisor) => [...supervisor.pids, supervisor.runInitPid() ?? -1]);
      const before = own();
      const leftover = await leftoverProcesses(pool);
      const ownPids = new Set([...before, ...own()]);
      return leftover.filter((pid) => !ownPids.has(pid));
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
