import { readFileSync, rmSync, statSync } from 'node:fs';
import { createOutputSink, type OutputSink } from '../output-sink';
import type { SandboxRunRequest, SandboxRunResult } from '../sandbox';
import type { Slot } from '../slot-pool';
import { collectResult, makesHostBox, prepareBox } from './run-steps';
import type { SlotSupervisor } from './slot-supervisor';
import { decodeVerdict, encodeBatch, encodeRequest, type BoxKind, type Frame } from './supervisor-protocol';

const defaultStderrCaptureBytes = 64 * 1024;

/**
 * The most stdin a batch carries per run, read whole and at once (a bigger stdin is streamed by a run of
 * its own): a few ms of the judge's event loop at most.
 */
const batchStdinBytes = 4 * 1024 * 1024;

/** The stdin a batch carries for the request, or undefined when the request must run on its own. */
export function batchStdin(request: SandboxRunRequest): Uint8Array | undefined {
  const { stdin, stdout, stderr } = request;
  if (stdout.kind === 'pipe' || stderr.kind === 'pipe') return undefined;
  if (stdin.kind === 'ignore') return new Uint8Array(0);
  if (stdin.kind === 'bytes') {
    const bytes = typeof stdin.content === 'string' ? Buffer.from(stdin.content) : stdin.content;
    return bytes.length <= batchStdinBytes ? bytes : undefined;
  }
  if (stdin.kind !== 'file') return undefined;
  try {
    return statSync(stdin.path).size <= batchStdinBytes ? readFileSync(stdin.path) : undefined;
  } catch {
    return undefined; // A single run meets the same error where it always did.
  }
}

/** One run of a batch as the judge tracks it: its box and its sinks. */
interface BatchRun {
  readonly request: SandboxRunRequest;
  readonly boxDir: string;
  readonly box: BoxKind;
  readonly stdout: OutputSink;
  readonly stderr: OutputSink;
}

/** A batch's share of its supervisor's frames. */
export interface BatchListener {
  readonly onFrame: (frame: Frame) => void;
  readonly onExit: (reason: string) => void;
}

/**
 * The batches sent to each supervisor and not yet ended, oldest first. Pipelined single runs
 * (pooled-sandbox.ts) keep more than one batch in flight on a slot; its run init serves them in the
 * order they were written, so every frame belongs to the oldest until that one's 'Z'.
 */
const listening = new WeakMap<Pick<SlotSupervisor, 'onFrame' | 'onExit'>, BatchListener[]>();

/**
 * Queues the listener for the supervisor's frames; the returned function takes it out again. A batch
 * takes itself out only after its results are collected, so two batches that ended together may do so
 * after a third has started a new queue: the later one must then leave that queue and the handlers
 * alone (it once reset them, and the third batch's frames were dropped: a judged run that never
 * ended, docs/judging.md, "Seventh pass").
 */
export function listenInTurn(
  supervisor: Pick<SlotSupervisor, 'onFrame' | 'onExit'>,
  listener: BatchListener,
): () => void {
  const queue = listening.get(supervisor) ?? [];
  if (queue.length === 0) {
    listening.set(supervisor, queue);
    supervisor.onFrame = (frame) => {
      const oldest = queue[0];
      if (frame.type === 'Z') queue.shift();
      oldest?.onFrame(frame);
    };
    supervisor.onExit = (reason) => {
      for (const each of queue.splice(0)) each.onExit(reason);
    };
  }
  queue.push(listener);
  return () => {
    const at = queue.indexOf(listener);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length > 0 || listening.get(supervisor) !== queue) return;
    listening.delete(supervisor);
    supervisor.onFrame = () => undefined;
    supervisor.onExit = () => undefined;
  };
}

/**
 * Sends one batch ('B'; the slot's limits must be set already, the supervisor resets the counters per
 * run) and collects its runs' results as their 'X' frames arrive (after those of the batches sent
 * before it on the same supervisor, which its run init serves first). Resolves with the
 * results of the runs that ran (all of them, unless the supervisor ended the batch early: 'Z' says
 * how many); rejects when the supervisor died.
 */
export async function sendBatch(
  slot: Slot,
  supervisor: SlotSupervisor,
  requests: readonly { request: SandboxRunRequest; stdin: Uint8Array }[],
  onResult: (result: SandboxRunResult) => void,
): Promise<number> {
  const runs: BatchRun[] = requests.map(({ request }) => ({
    request,
    ...prepareBox(request, slot),
    stdout: createOutputSink(
      request.stdout,
      request.stdout.kind === 'ignore' ? Number.MAX_SAFE_INTEGER : request.limits.outputBytes,
    ),
    stderr: createOutputSink(request.stderr, request.stderrCaptureBytes ?? defaultStderrCaptureBytes),
  }));
  let current = 0;
  let collecting = Promise.resolve();
  let unlisten = () => undefined as void;
  const finished = new Promise<number>((resolve, reject) => {
    const onFrame = (frame: Frame) => {
      const run = runs[current];
      if (frame.type === 'O') run?.stdout.write(frame.payload);
      else if (frame.type === 'D') run?.stderr.write(frame.payload);
      else if (frame.type === 'X' && run) {
        current += 1;
        const sinks = { stdout: run.stdout, stderr: run.stderr, endedAtMs: performance.now(), cpuKill: null };
        const box = { boxDir: run.boxDir, fresh: run.box === 'fresh' };
        const result = collectResult(slot, run.request, decodeVerdict(frame.payload), sinks, box);
        collecting = collecting.then(async () => onResult(await result));
      } else if (frame.type === 'Z') {
        const done = Number(frame.payload.toString());
        collecting.then(() => resolve(done), reject);
      }
      // 'F': a run could not start; 'Z' follows with the count of the runs before it.
    };
    // The results already heard are reported first: the caller goes on from the first run that did not report.
    const onExit = (reason: string) => collecting.then(() => reject(new Error(reason)), reject);
    if (runs.length > 0) unlisten = listenInTurn(supervisor, { onFrame, onExit });
  });
  if (runs.length === 0) return 0;
  try {
    const entries = runs.map((run, index) => ({
      request: encodeRequest(run.request, run.boxDir, run.box),
      stdin: requests[index]?.stdin ?? new Uint8Array(0),
      cpuLimitMs: run.request.limits.cpuTimeMs,
    }));
    await supervisor.send('B', encodeBatch(entries));
    return await finished;
  } finally {
    unlisten();
    // Host dirs made for kept files of runs that did not report: they run again on their own, with new ones.
    for (const run of runs.slice(current)) {
      if (makesHostBox(run.request)) rmSync(run.boxDir, { recursive: true, force: true });
    }
  }
}

/**
 * What one 'B' frame carries at most: the supervisor holds the whole frame (every run's stdin) in
 * memory while the batch runs.
 */
const batchRunsMax = 256;
const batchTotalStdinBytes = 32 * 1024 * 1024;

/** The leading requests that one batch can carry (none when the first cannot be batched). */
export function nextBatch(requests: readonly SandboxRunRequest[]): { request: SandboxRunRequest; stdin: Uint8Array }[] {
  const group: { request: SandboxRunRequest; stdin: Uint8Array }[] = [];
  let stdinBytes = 0;
  for (const request of requests) {
    if (group.length >= batchRunsMax) break;
    if (group[0] && batchShape(group[0].request) !== batchShape(request)) break;
    const stdin = batchStdin(request);
    if (stdin === undefined || (group.length > 0 && stdinBytes + stdin.length > batchTotalStdinBytes)) break;
    stdinBytes += stdin.length;
    group.push({ request, stdin });
  }
  return group;
}

/** Requests a batch may carry together: batchable, with the same memory and process limits (set once per batch). */
export function batchShape(request: SandboxRunRequest): string {
  return `${request.limits.memoryKib}/${request.limits.processes}`;
}

/**
 * The batches of a pooled sandbox's slots. The limits (memory, processes) each slot's cgroups hold,
 * as a batch shape: a batch sets them only when they change (the supervisor resets the counters per
 * run). And the slots where batches ran since the judge last read the cgroups itself: the counters
 * the judge carries from run to run (oom_kill, pids.events) are re-read, with a sweep, before its next
 * own reading.
 */
export function createSlotBatches(
  supervisorOf: (slot: Slot) => Promise<SlotSupervisor>,
  closeSupervisor: (slot: Slot) => Promise<void> | undefined,
) {
  const limitsSet = new Map<Slot, string>();
  const unswept = new Set<Slot>();

  async function sweep(slot: Slot): Promise<void> {
    unswept.delete(slot);
    await slot.cgroup.finish().catch(() => undefined);
  }

  return {
    /** Before a run the judge drives itself ('R'): it sets the limits (the next batch sets its own) and reads the cgroups. */
    async beforeAlone(slot: Slot): Promise<void> {
      if (unswept.has(slot)) await sweep(slot);
      limitsSet.delete(slot);
    },
    setLimits,
    sendGroup,
    /** Requests of one batch shape; the number that reported. */
    async runGroup(
      slot: Slot,
      group: readonly { request: SandboxRunRequest; stdin: Uint8Array }[],
      report: (result: SandboxRunResult) => void,
    ): Promise<number> {
      const first = group[0]?.request;
      if (!first) return 0;
      await setLimits(slot, first);
      const done = await sendGroup(slot, await supervisorOf(slot), group, report);
      // A run that did not report may have left tasks (the supervisor stops a batch when one outlives its run).
      if (done < group.length) await sweep(slot);
      return done;
    },
  };

  /** The slot's cgroups set for the request's batch shape, unless they are already. */
  async function setLimits(slot: Slot, request: SandboxRunRequest): Promise<void> {
    if (limitsSet.get(slot) === batchShape(request)) return;
    await slot.cgroup.begin({ memoryBytes: request.limits.memoryKib * 1024, pids: request.limits.processes });
    limitsSet.set(slot, batchShape(request));
  }

  /**
   * One batch of the shape whose limits are set, on this supervisor; the number that reported (0 and
   * the supervisor closed when it died or could not be written to). The caller sweeps after an early end.
   */
  function sendGroup(
    slot: Slot,
    supervisor: SlotSupervisor,
    group: readonly { request: SandboxRunRequest; stdin: Uint8Array }[],
    report: (result: SandboxRunResult) => void,
  ): Promise<number> {
    unswept.add(slot);
    return sendBatch(slot, supervisor, group, report).catch(async () => {
      await closeSupervisor(slot);
      return 0;
    });
  }
}
