import type { Consumer, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { abortablePause } from '@oj/platform';
import { asksContestFirst, queueWatchedWhenIdle } from '../queue/contest-first';
import { decodeQueueTask, queueNames, type JudgeQueueSettings, type QueuePriority } from '../queue/judge-queue';
import { handleJudgeTask, traceNow, type JudgeTaskHandlerDeps, type TaskDisposition } from './judge-task-handler';
import { handleTestRunTask } from '../test-runs/test-run-task-handler';
import { handleStagedRejudgeTask } from '../rejudgings/staged-rejudge-task-handler';
import type { TestRunJudge } from '../test-runs/test-run-judge';

export interface JudgeWorkerOptions {
  readonly js: JetStreamClient;
  readonly queue: JudgeQueueSettings;
  /** Tasks judged at once by this process: its sandbox slots (JUDGE_WORKERS). */
  readonly slots: number;
  readonly handler: JudgeTaskHandlerDeps;
  /** Runs test runs (judging.md §8); without it a test-run task is left for a worker that has one. */
  readonly testRun?: TestRunJudge;
  /** Back-off before a task that failed with a system error is offered again: base × 2^(delivery−1), capped. */
  readonly retryBackoff: { readonly baseMs: number; readonly maxMs: number };
}

export interface RunningJudgeWorker {
  /** Stops pulling, hands in-flight tasks straight back to the queue, and resolves when every slot is idle. */
  stop(): Promise<void>;
}

/**
 * How long one pull waits on an empty queue before asking again: the client's minimum, because an idle slot
 * waiting on one queue does not see a task queued on the other meanwhile until its pull ends.
 */
const pullExpiresMs = 1_000;

interface PriorityConsumers {
  readonly contest: Consumer;
  readonly normal: Consumer;
}

/**
 * Judges tasks from the two durable pull consumers, contest first: each slot pulls one message, judges it,
 * and acks only after the verdict is stored. A slot never holds more than one message, so in-flight work
 * equals the free slots.
 */
export async function startJudgeWorker(options: JudgeWorkerOptions): Promise<RunningJudgeWorker> {
  const consumerOf = (priority: QueuePriority) =>
    options.js.consumers.get(options.queue.streamName, queueNames(options.queue, priority).consumerName);
  const consumers: PriorityConsumers = { contest: await consumerOf('contest'), normal: await consumerOf('normal') };
  const stopping = new AbortController();
  const slots = Array.from({ length: options.slots }, (_, slotIndex) =>
    runSlot(options, consumers, stopping.signal, queueWatchedWhenIdle(slotIndex, options.slots)),
  );
  return {
    async stop() {
      stopping.abort(new Error('judge worker stopping'));
      await Promise.all(slots);
    },
  };
}

async function runSlot(
  options: JudgeWorkerOptions,
  consumers: PriorityConsumers,
  stopping: AbortSignal,
  watchedWhenIdle: QueuePriority,
) {
  const log = options.handler.log;
  let contestAskedAt = -Infinity;
  const pullNext = async (): Promise<JsMsg | null> => {
    const contest = await consumers.contest.info();
    const glance = {
      undelivered: contest.num_pending,
      outForDelivery: contest.num_ack_pending,
      msSinceAsked: performance.now() - contestAskedAt,
    };
    if (asksContestFirst(glance)) {
      contestAskedAt = performance.now();
      const message = await pullOne(consumers.contest, stopping);
      if (message) return message;
    } else if (watchedWhenIdle === 'contest' && (await consumers.normal.info()).num_pending === 0) {
      contestAskedAt = performance.now();
      return pullOne(consumers.contest, stopping);
    }
    const message = await pullOne(consumers.normal, stopping);
    // An idle slot costs nobody anything by asking, so a contest redelivery is looked for on the next pull.
    if (!message) contestAskedAt = -Infinity;
    return message;
  };
  while (!stopping.aborted) {
    try {
      const message = await pullNext();
      if (message) await processMessage(options, message, stopping);
    } catch (error) {
      if (stopping.aborted) break;
      log.error({ err: error }, 'judge slot: pull failed; retrying');
      await abortablePause(options.retryBackoff.baseMs, stopping);
    }
  }
}

/** One pull of at most one message; a stop ends the wait at once. */
async function pullOne(consumer: Consumer, stopping: AbortSignal): Promise<JsMsg | null> {
  const batch = await consumer.fetch({ max_messages: 1, expires: pullExpiresMs });
  const stop = (): void => void batch.stop();
  stopping.addEventListener('abort', stop, { once: true });
  try {
    let received: JsMsg | null = null;
    for await (const message of batch) received = message;
    return received;
  } finally {
    stopping.removeEventListener('abort', stop);
  }
}

async function processMessage(options: JudgeWorkerOptions, message: JsMsg, stopping: AbortSignal): Promise<void> {
  const log = options.handler.log;
  if (stopping.aborted) return message.nak();
  let task;
  try {
    task = decodeQueueTask(message.data);
  } catch (error) {
    log.error({ err: error, seq: message.seq }, 'judge task is malformed; dropping it');
    return message.term('malformed judge task');
  }
  const delivery = message.info.deliveryCount;
  // Heartbeats keep the message ours while a long run goes on; a dead worker stops them and it is redelivered.
  const heartbeat = setInterval(() => message.working(), Math.max(200, Math.floor(options.queue.ackWaitMs / 3)));
  let disposition: TaskDisposition;
  try {
    disposition =
      'testRunKey' in task
        ? await handleTestRunTask({ ...options.handler, testRun: options.testRun }, task)
        : 'rejudgingId' in task
          ? await handleStagedRejudgeTask(options.handler, task, delivery, stopping)
          : await handleJudgeTask(options.handler, task, delivery, stopping, {
              queued: Number(message.info.timestampNanos) / 1e6,
              pulled: traceNow(),
            });
  } catch (error) {
    clearInterval(heartbeat);
    const delayMs = stopping.aborted ? 0 : retryDelayMs(options.retryBackoff, delivery);
    log.error({ err: error, ...task, delivery, delayMs }, 'judge task failed with a system error; sending it back');
    return message.nak(delayMs);
  }
  clearInterval(heartbeat);
  if (disposition === 'leave') return;
  try {
    await message.ackAck();
  } catch (error) {
    // The verdict is stored; a redelivery will find it final and ack again.
    log.warn({ err: error, ...task, delivery }, 'judge task ack was not confirmed');
  }
}

export function retryDelayMs(backoff: JudgeWorkerOptions['retryBackoff'], delivery: number): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, delivery - 1));
}
