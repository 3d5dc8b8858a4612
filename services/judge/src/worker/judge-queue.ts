import { z } from 'zod';
import { nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';

/**
 * The judge queue: one JetStream work-queue stream and one durable pull consumer shared by every worker of
 * every process. Only features of nats-server 2.9 are used (no multi-filter consumers, no priority groups).
 */
export interface JudgeQueueSettings {
  readonly streamName: string;
  readonly subject: string;
  readonly consumerName: string;
  /** Redelivery when a worker stops heartbeating (died, hung); workers call working() well inside it. */
  readonly ackWaitMs: number;
  /** Deliveries that may judge; later ones only record the SE verdict (see judge-task-handler). */
  readonly judgingDeliveries: number;
  /** Publishes with an id seen within this window are dropped by the server (Nats-Msg-Id). */
  readonly duplicateWindowMs: number;
  /** Upper bound of messages out for delivery at once, across all workers; each worker's slots cap it too. */
  readonly maxAckPending: number;
}

export const defaultJudgeQueueSettings: JudgeQueueSettings = {
  streamName: 'JUDGE',
  subject: 'judge.submissions',
  consumerName: 'judge-workers',
  ackWaitMs: 30_000,
  judgingDeliveries: 3,
  duplicateWindowMs: 10 * 60_000,
  maxAckPending: 1000,
};

/** Deliveries beyond the judging ones, left for writing the SE verdict when the store is briefly away. */
const verdictOnlyDeliveries = 3;

/** The whole server-side bound: JetStream stops redelivering after this many deliveries. */
export function maxDeliver(settings: JudgeQueueSettings): number {
  return settings.judgingDeliveries + verdictOnlyDeliveries;
}

/** The message body: which attempt of which submission to judge. Everything else is read from its stream. */
export const judgeTaskSchema = z.object({
  /** The SubmissionCreated or SubmissionRejudgeRequested event that asked for this attempt. */
  eventId: z.uuid(),
  submissionId: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
});
export type JudgeTask = z.infer<typeof judgeTaskSchema>;

/** A test run on custom input (judging.md §8), carried by the same queue. */
export const testRunTaskSchema = z.object({
  /** The TestRunRequested event. */
  eventId: z.uuid(),
  testRunKey: z.string().min(1),
});
export type TestRunTask = z.infer<typeof testRunTaskSchema>;
export type QueueTask = JudgeTask | TestRunTask;

/** Either kind of task; a submission task is tried first, so existing messages decode as before. */
export function decodeQueueTask(bytes: Uint8Array): QueueTask {
  const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
  const submission = judgeTaskSchema.safeParse(json);
  return submission.success ? submission.data : testRunTaskSchema.parse(json);
}

export function encodeJudgeTask(task: QueueTask): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(task));
}

export function decodeJudgeTask(bytes: Uint8Array): JudgeTask {
  return judgeTaskSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/**
 * Creates the stream and the consumer, or brings their settings up to date. Safe to run from several
 * processes at once: whoever loses a creation race finds the other's object and updates it.
 */
export async function ensureJudgeQueue(jsm: JetStreamManager, settings: JudgeQueueSettings): Promise<void> {
  const stream: Partial<StreamConfig> & { name: string } = {
    name: settings.streamName,
    subjects: [settings.subject],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(settings.duplicateWindowMs),
  };
  await createOrUpdate(
    () => jsm.streams.add(stream),
    () => jsm.streams.update(settings.streamName, stream),
  );
  const consumer: Partial<ConsumerConfig> = {
    durable_name: settings.consumerName,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(settings.ackWaitMs),
    max_deliver: maxDeliver(settings),
    max_ack_pending: settings.maxAckPending,
  };
  await createOrUpdate(
    () => jsm.consumers.add(settings.streamName, consumer),
    () => jsm.consumers.update(settings.streamName, settings.consumerName, consumer),
  );
}

async function createOrUpdate(create: () => Promise<unknown>, update: () => Promise<unknown>): Promise<void> {
  try {
    await create();
  } catch (error) {
    // Already there (maybe with older settings): an update either succeeds or reports the real problem.
    if (!(error instanceof JetStreamApiError)) throw error;
    await update();
  }
}
