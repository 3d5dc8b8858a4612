import type { Sandbox, SandboxRunRequest, SandboxRunResult } from '../sandbox/sandbox';

export interface RunGate {
  /** The sandbox case judge `index` runs through: its first `run` waits for the batch. */
  sandboxOf(index: number): Sandbox;
  /** Case judge `index` has ended: if it never ran, the batch stops waiting for it. */
  ended(index: number): void;
}

interface Waiting {
  readonly request: SandboxRunRequest;
  resolve(result: SandboxRunResult): void;
  reject(error: unknown): void;
}

/**
 * Gathers the first `run` of each of `count` case judges started together and hands them to the sandbox as
 * one `runBatch` (one slot, one after the other, in index order), resolving each run as its result streams
 * back, so each case's check starts while the later runs still run. The case judges stay as they are: they
 * call `run` as they always did. A case judge that ends without running (its data was missing, the deferred
 * compile check failed) no longer counts. Any other call (a second run, runTogether) goes straight to the
 * sandbox. A batch that rejects (a system error) rejects every run of it that had not reported.
 */
export function createRunGate(inner: Sandbox, count: number): RunGate {
  const waiting = new Map<number, Waiting>();
  const done = new Set<number>();
  let sent = false;

  const sendWhenComplete = () => {
    if (sent || waiting.size + [...done].filter((index) => !waiting.has(index)).length < count) return;
    sent = true;
    const runs = [...waiting.entries()].sort(([a], [b]) => a - b).map(([, run]) => run);
    if (runs.length === 0) return;
    let reported = 0;
    inner
      .runBatch(
        runs.map((run) => run.request),
        (result, index) => {
          reported = index + 1;
          runs[index]?.resolve(result);
        },
      )
      .then(
        () => {
          for (const run of runs.slice(reported)) run.reject(new Error('The sandbox reported fewer runs than it had'));
        },
        (error: unknown) => {
          for (const run of runs.slice(reported)) run.reject(error);
        },
      );
  };

  return {
    sandboxOf(index) {
      return {
        name: inner.name,
        slots: inner.slots,
        run: (request) => {
          if (sent || waiting.has(index) || done.has(index)) return inner.run(request);
          return new Promise<SandboxRunResult>((resolve, reject) => {
            waiting.set(index, { request, resolve, reject });
            sendWhenComplete();
          });
        },
        runTogether: (requests) => inner.runTogether(requests),
        runBatch: (requests, onResult) => inner.runBatch(requests, onResult),
        leftoverProcesses: () => inner.leftoverProcesses(),
        close: () => inner.close(),
      };
    },
    ended(index) {
      done.add(index);
      sendWhenComplete();
    },
  };
}
