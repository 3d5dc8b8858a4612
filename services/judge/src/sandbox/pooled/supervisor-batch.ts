import { readFileSync, rmSync, statSync } from 'node:fs';
import { createOutputSink, type OutputSink } from '../output-sink';
import type { SandboxRunRequest, SandboxRunResult } from '../sandbox';
import type { Slot } from '../slot-pool';
import { collectResult, prepareBox } from './run-steps';
import type { SlotSupervisor } from './slot-supervisor';
import { decodeVerdict, encodeBatch, encodeRequest, type BoxKind, type Frame } from './supervisor-protocol';

const defaultStderrCaptureBytes = 64 * 1024;

/** A batch's stdin per run, and the most it carries (a bigger stdin is streamed by a single run). */
const batchStdinBytes = 16 * 1024 * 1024;

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

/**
 * Sends one batch ('B') and collects its runs' results as their 'X' frames arrive. Resolves with the
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
  const finished = new Promise<number>((resolve, reject) => {
    supervisor.onFrame = (frame: Frame) => {
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
    supervisor.onExit = (reason) => collecting.then(() => reject(new Error(reason)), reject);
  });
  const first = runs[0]?.request.limits;
  if (!first) return 0;
  // Limits are set once per batch (the runs share them); the supervisor resets the counters per run.
  await slot.cgroup.begin({ memoryBytes: first.memoryKib * 1024, pids: first.processes });
  try {
    const entries = runs.map((run, index) => ({
      request: encodeRequest(run.request, run.boxDir, run.box),
      stdin: requests[index]?.stdin ?? new Uint8Array(0),
      cpuLimitMs: run.request.limits.cpuTimeMs,
    }));
    await supervisor.send('B', encodeBatch(entries));
    return await finished;
  } finally {
    supervisor.onFrame = () => undefined;
    supervisor.onExit = () => undefined;
    // The sweep after the batch (a run's tasks that outlived it end the batch early) and the carried counters.
    await slot.cgroup.finish().catch(() => undefined);
    // Host dirs made for kept files of runs that did not report: they run again on their own, with new ones.
    for (const run of runs.slice(current)) {
      if (run.box === 'fresh' && (run.request.keepFiles?.length ?? 0) > 0)
        rmSync(run.boxDir, { recursive: true, force: true });
    }
  }
}

/** Requests a batch may carry together: batchable, with the same memory and process limits (set once per batch). */
export function batchShape(request: SandboxRunRequest): string {
  return `${request.limits.memoryKib}/${request.limits.processes}`;
}
