import type { SandboxRunRequest, SandboxRunResult } from './sandbox';
import type { Slot, SlotPool } from './slot-pool';

export interface SlotRuns {
  /** Holds `count` slots for the whole of `work` and gives them back however it ends. */
  withSlots<T>(count: number, work: (slots: readonly Slot[]) => Promise<T>): Promise<T>;
  run(request: SandboxRunRequest): Promise<SandboxRunResult>;
  /** One slot per request, all taken before any starts, so interactive pairs never wait on each other. */
  runTogether(requests: readonly SandboxRunRequest[]): Promise<SandboxRunResult[]>;
  runBatch(
    requests: readonly SandboxRunRequest[],
    onResult?: (result: SandboxRunResult, index: number) => void,
  ): Promise<SandboxRunResult[]>;
}

/** Runs a batch in one slot; `onResult` as each run ends, in order. */
export type RunBatchInSlot = (
  slot: Slot,
  requests: readonly SandboxRunRequest[],
  onResult: (result: SandboxRunResult, index: number) => void,
) => Promise<SandboxRunResult[]>;

/** Sandbox.run and runTogether over a slot pool, for any backend that can run one request in one slot. */
export function slotRuns(
  pool: SlotPool,
  runInSlot: (slot: Slot, request: SandboxRunRequest) => Promise<SandboxRunResult>,
  runBatchInSlot?: RunBatchInSlot,
): SlotRuns {
  /** A backend without batches runs them one by one in the slot it holds. */
  const oneByOne: RunBatchInSlot = async (slot, requests, onResult) => {
    const results: SandboxRunResult[] = [];
    for (const [index, request] of requests.entries()) {
      const result = await runInSlot(slot, request);
      results.push(result);
      onResult(result, index);
    }
    return results;
  };

  async function withSlots<T>(count: number, work: (slots: readonly Slot[]) => Promise<T>): Promise<T> {
    const taken = await pool.acquire(count);
    try {
      return await work(taken);
    } finally {
      pool.release(taken);
    }
  }

  return {
    withSlots,
    run: (request) =>
      withSlots(1, ([slot]) => {
        if (!slot) throw new Error('The slot pool returned no slot');
        return runInSlot(slot, request);
      }),
    runTogether: (requests) =>
      withSlots(requests.length, (slots) =>
        Promise.all(
          requests.map((request, index) => {
            const slot = slots[index];
            if (!slot) throw new Error('The slot pool returned too few slots');
            return runInSlot(slot, request);
          }),
        ),
      ),
    runBatch: (requests, onResult = () => undefined) =>
      withSlots(1, ([slot]) => {
        if (!slot) throw new Error('The slot pool returned no slot');
        return (runBatchInSlot ?? oneByOne)(slot, requests, onResult);
      }),
  };
}
