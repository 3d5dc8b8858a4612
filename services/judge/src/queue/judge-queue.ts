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
 * The judge queue: one JetStream work-queue stream with two subjects, contest and normal, each with its own
 * durable pull consumer shared by every worker of every process; workers ask the contest one first (HOJ's
 * contest queue, judging.md §9). Only features of nats-server 2.9 are used (no multi-filter consumers, no
 * priority groups), which is why priority is two consumers rather than one.
 */
export interface JudgeQueueSettings {
  readonly streamName: string;
  /** The normal queue's subject; the contest queue's is derived from it (see queueNames). */
  readonly subject: string;
  /** The normal queue's durable consumer; the contest queue's is derived from it. */
  readonly consumerName: string;
  /** Redelivery when a worker stops heartbeating (died, hung); workers call working() well inside it. */
  readonly ackWaitMs: number;
  /** Deliveries that may judge; later ones only record the SE verdict (see judge-task-handler). */
  readonly judgingDeliveries: number;
  /** Publishes with an id seen within this window are dropped by the server (Nats-Msg-Id). */
  readonly duplicateWindowMs: number;
  /** Upper bound of messages out for delivery at once, across all workers; each worker's slots cap it too. */
  readonly maxAckPending: number;
  /**
   * Copies of the stream in a NATS cluster (JetStream's num_replicas): 3 on a three-node cluster keeps the
   * queue when one node dies; 1 on a single server (npm start), which refuses more.
   */
  readonly replicas: number;
}

export const defaultJudgeQueueSettings: JudgeQueueSettings = {
  streamName: 'JUDGE',
  subject: 'judge.submissions',
  consumerName: 'judge-workers',
  ackWaitMs: 30_000,
  judgingDeliveries: 3,
  duplicateWindowMs: 10 * 60_000,
  maxAckPending: 1000,
  replicas: 1,
};

/** Contest submissions and their rejudges are judged before everything else (HOJ's contest queue). */
export type QueuePriority = 'contest' | 'normal';

export interface QueueNames {
  readonly subject: string;
  readonly consumerName: string;
}

/**
 * The normal queue keeps the subject and consumer the single queue had before priorities, so tasks queued
 * before an upgrade stay where they are and are judged as normal work. The contest names are derived, so a
 * test stack that renames the queue renames both.
 */
export function queueNames(settings: JudgeQueueSettings, priority: QueuePriority): QueueNames {
  return priority === 'normal'
    ? { subject: settings.subject, consumerName: settings.consumerName }
    : { subject: `${settings.subject}.contest`, consumerName: `${settings.consumerName}-contest` };
}

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

/** One submission of a staged rejudge (issue 13 item 4): judged into the rejudging's stream only. */
export const stagedRejudgeTaskSchema = z.object({
  /** A name-based id per rejudging and submission (the message id; RejudgingStaged asks for many). */
  eventId: z.uuid(),
  rejudgingId: z.uuid(),
  submissionId: z.number().int().positive(),
});
export type StagedRejudgeTask = z.infer<typeof stagedRejudgeTaskSchema>;
export type QueueTask = JudgeTask | TestRunTask | StagedRejudgeTask;

/** Any kind of task; a submission task is tried first, so existing messages decode as before. */
export function decodeQueueTask(bytes: Uint8Array): QueueTask {
  const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
  const submission = judgeTaskSchema.safeParse(json);
  if (submission.success) return submission.data;
  const staged = stagedRejudgeTaskSchema.safeParse(json);
  return staged.success ? staged.data : testRunTaskSchema.parse(json);
}

export function encodeJudgeTask(task: QueueTask): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(task));
}

export function decodeJudgeTask(bytes: Uint8Array): JudgeTask {
  return judgeTaskSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/**
 * Creates the stream and the two consumers, or brings their settings up to date. Safe to run from several
 * processes at once: whoever loses a creation race finds the other's object and updates it.
 *
 * Upgrading a single-queue deployment: the stream gains the contest subject and the old consumer (which had
 * no filter) is given the normal subject as its filter, keeping its undelivered and in-flight messages; only
 * then may the contest consumer exist, since a work queue refuses overlapping consumers.
 */
export async function ensureJudgeQueue(jsm: JetStreamManager, settings: JudgeQueueSettings): Promise<void> {
  const normal = queueNames(settings, 'normal');
  const contest = queueNames(settings, 'contest');
  const stream: Partial<StreamConfig> & { name: string } = {
    name: settings.streamName,
    subjects: [normal.subject, contest.subject],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(settings.duplicateWindowMs),
    num_replicas: settings.replicas,
  };
  await createOrUpdate(
    () => jsm.streams.add(stream),
    () => jsm.streams.update(settings.streamName, stream),
  );
  for (const names of [normal, contest]) {
    const consumer: Partial<ConsumerConfig> = {
      durable_name: names.consumerName,
      filter_subject: names.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(settings.ackWaitMs),
      max_deliver: maxDeliver(settings),
      max_ack_pending: settings.maxAckPending,
    };
    await createOrUpdate(
      () => jsm.consumers.add(settings.streamName, consumer),
      () => jsm.consumers.update(settings.streamName, names.consumerName, consumer),
    );
  }
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
