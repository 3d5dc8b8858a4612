import type { SandboxRunRequest, SandboxRunResult } from '../sandbox';
import type { Slot, SlotPool } from '../slot-pool';
import type { SlotSupervisor } from './slot-supervisor';
import { batchShape, type createSlotBatches } from './supervisor-batch';

/**
 * How many single runs a slot may hold in flight (each a batch of one, sent as soon as it is asked
 * for): while the judge handles one run's report, the slot's run init already runs the next, so it
 * does not wait for the judge between them (docs/judging.md, "Sandbox throughput", sixth pass).
 */
const pipelineDepth = 2;

/** A held slot's single runs in flight: all of one batch shape, whose limits its cgroups hold once `open`. */
interface Pipeline {
  readonly slot: Slot;
  readonly shape: string;
  inFlight: number;
  /** Runs whose batch of one was sent (or is being sent) and has not ended. */
  sending: number;
  /** Others may join: the limits are set, and no run of it fell back to a run of its own. */
  open: boolean;
  /** Called each time a batch of one ends (a run that needs the slot alone waits for all of them). */
  readonly onSent: (() => void)[];
  /** The runs that fell back to a run of their own, one after the other. */
  alone: Promise<void>;
}

export interface PipelineTools {
  readonly pool: SlotPool;
  readonly batches: ReturnType<typeof createSlotBatches>;
  /** The slot's supervisor, started when it has none alive. */
  supervisorOf(slot: Slot): Promise<SlotSupervisor>;
  /** The slot's supervisor if it is alive. */
  liveSupervisor(slot: Slot): SlotSupervisor | undefined;
  /** A run driven by the judge itself ('R'), which needs the slot to itself. */
  runAlone(slot: Slot, request: SandboxRunRequest): Promise<SandboxRunResult>;
}

/** Wake-ups for runs waiting for room in a pipeline: each time a pipeline opens or a run leaves one. */
function createRoom() {
  let waiting: (() => void)[] = [];
  return {
    wait: () => new Promise<void>((resolve) => waiting.push(resolve)),
    made() {
      const woken = waiting;
      waiting = [];
      for (const wake of woken) wake();
    },
  };
}

/** The run's batch of one; undefined when it did not report. */
async function sendOne(
  tools: PipelineTools,
  pipeline: Pipeline,
  supervisor: SlotSupervisor,
  request: SandboxRunRequest,
  stdin: Uint8Array,
) {
  let result: SandboxRunResult | undefined;
  pipeline.sending += 1;
  const done = await tools.batches
    .sendGroup(pipeline.slot, supervisor, [{ request, stdin }], (reported) => (result = reported))
    .finally(() => {
      pipeline.sending -= 1;
      for (const sent of pipeline.onSent.splice(0)) sent();
    });
  return done === 1 ? result : undefined;
}

/** After a run that did not report: alone in the slot once no batch of it is in flight, after any other such run. */
async function fallBack(
  tools: PipelineTools,
  pipeline: Pipeline,
  request: SandboxRunRequest,
): Promise<SandboxRunResult> {
  pipeline.open = false;
  while (pipeline.sending > 0) await new Promise<void>((resolve) => pipeline.onSent.push(resolve));
  const turn = pipeline.alone.then(() => tools.runAlone(pipeline.slot, request));
  pipeline.alone = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

/**
 * Single runs that a batch can carry, pipelined per slot: a run takes a free slot and opens a
 * pipeline on it (its cgroups set for the run's batch shape), or joins one of its shape that has room.
 * Runs share a slot only while nobody else waits in the pool: then every pipeline ends with its runs
 * and gives its slot back, so a run that needs slots to itself (runTogether, runBatch, a streamed
 * run) is not held off. A run that does not report (its batch ended early, the supervisor died)
 * closes the pipeline, waits until no batch of the slot is in flight (so the judge's sweep never
 * meets a run), and runs alone as before.
 */
export function createSlotPipelines(tools: PipelineTools) {
  const pipelines = new Map<Slot, Pipeline>();
  const room = createRoom();
  /** Runs of ours between asking the pool for a slot and opening its pipeline, by shape. */
  const leading = new Map<string, number>();
  const waitingInPool = { ours: 0 };

  function joinable(shape: string): Pipeline | undefined {
    let best: Pipeline | undefined;
    for (const pipeline of pipelines.values()) {
      const fits = pipeline.open && pipeline.shape === shape && pipeline.inFlight < pipelineDepth;
      if (fits && tools.liveSupervisor(pipeline.slot) && (!best || pipeline.inFlight < best.inFlight)) best = pipeline;
    }
    return best;
  }

  /**
   * A free slot; else, unless someone else waits for a slot, a pipeline of its shape with room, or
   * room in one while a pipeline of its shape holds or is taking a slot (in the pool's queue instead,
   * each pipeline would end with its run); else the pool's queue. The run is counted in its pipeline
   * here, before any await, so the slot cannot go back to the pool under it; `leads` when it opened it.
   */
  async function placeRun(shape: string): Promise<{ pipeline: Pipeline; leads: boolean }> {
    for (;;) {
      if (tools.pool.free > 0 || tools.pool.waiting > waitingInPool.ours) break;
      const joined = joinable(shape);
      if (joined) {
        joined.inFlight += 1;
        return { pipeline: joined, leads: false };
      }
      const held = [...pipelines.values()].some((pipeline) => pipeline.shape === shape);
      if (!held && !leading.get(shape)) break;
      await room.wait();
    }
    leading.set(shape, (leading.get(shape) ?? 0) + 1);
    waitingInPool.ours += 1;
    const [slot] = await tools.pool.acquire(1).finally(() => {
      waitingInPool.ours -= 1;
      leading.set(shape, (leading.get(shape) ?? 1) - 1);
    });
    if (!slot) throw new Error('The slot pool returned no slot');
    const pipeline: Pipeline = {
      slot,
      shape,
      inFlight: 1,
      sending: 0,
      open: false,
      onSent: [],
      alone: Promise.resolve(),
    };
    pipelines.set(slot, pipeline);
    return { pipeline, leads: true };
  }

  return {
    async run(request: SandboxRunRequest, stdin: Uint8Array): Promise<SandboxRunResult> {
      const { pipeline, leads } = await placeRun(batchShape(request));
      const { slot } = pipeline;
      try {
        let supervisor = pipeline.open ? tools.liveSupervisor(slot) : undefined;
        if (leads) {
          supervisor = await tools.supervisorOf(slot);
          if (!supervisor.canBatch) return await tools.runAlone(slot, request);
          await tools.batches.setLimits(slot, request);
          pipeline.open = true;
          room.made();
        }
        // A joiner finds the pipeline closed (a run of it fell back) or its supervisor gone: it runs alone.
        const sent = supervisor && (await sendOne(tools, pipeline, supervisor, request, stdin));
        return sent ?? (await fallBack(tools, pipeline, request));
      } finally {
        pipeline.inFlight -= 1;
        if (pipeline.inFlight === 0) {
          pipelines.delete(slot);
          tools.pool.release([slot]);
        }
        room.made();
      }
    },
  };
}
