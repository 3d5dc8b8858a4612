import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager, RetentionPolicy, type JetStreamManager } from '@nats-io/jetstream';
import {
  decodeJudgeTask,
  defaultJudgeQueueSettings,
  encodeJudgeTask,
  ensureJudgeQueue,
  maxDeliver,
  queueNames,
  type JudgeQueueSettings,
} from './judge-queue';
import { natsConnectionOptions } from '@oj/platform';

const natsUrl = inject('natsUrl');

/** Each test gets its own stream on the run's shared nats-server. */
function uniqueQueue(overrides: Partial<JudgeQueueSettings> = {}): JudgeQueueSettings {
  const suffix = randomUUID().slice(0, 8);
  return {
    ...defaultJudgeQueueSettings,
    streamName: `JUDGE_${suffix}`,
    subject: `judge.${suffix}.submissions`,
    ackWaitMs: 1_000,
    ...overrides,
  };
}

describe.skipIf(!natsUrl)('judge queue (real nats-server 2.9)', () => {
  let nats: NatsConnection;
  let jsm: JetStreamManager;
  beforeAll(async () => {
    nats = await connect(natsConnectionOptions(natsUrl));
    jsm = await jetstreamManager(nats);
  });
  afterAll(async () => {
    await nats.close();
  });

  it('creates a work-queue stream and a durable explicit-ack consumer, and a second run updates them', async () => {
    const queue = uniqueQueue();
    await ensureJudgeQueue(jsm, queue);
    await ensureJudgeQueue(jsm, { ...queue, ackWaitMs: 5_000 });

    const stream = await jsm.streams.info(queue.streamName);
    expect(stream.config.retention).toBe('workqueue');
    const consumer = await jsm.consumers.info(queue.streamName, queue.consumerName);
    expect(consumer.config.ack_policy).toBe('explicit');
    expect(consumer.config.ack_wait).toBe(5_000 * 1_000_000);
    expect(consumer.config.max_deliver).toBe(maxDeliver(queue));
  });

  it('stores a task published twice with the same Nats-Msg-Id once', async () => {
    const queue = uniqueQueue();
    await ensureJudgeQueue(jsm, queue);
    const js = jetstream(nats);
    const task = { eventId: randomUUID(), submissionId: 1, attempt: 0 };
    const first = await js.publish(queue.subject, encodeJudgeTask(task), { msgID: task.eventId });
    const again = await js.publish(queue.subject, encodeJudgeTask(task), { msgID: task.eventId });

    expect(again).toMatchObject({ seq: first.seq, duplicate: true });
    expect((await jsm.streams.info(queue.streamName)).state.messages).toBe(1);
  });

  it('redelivers an unacked task after the ack wait, counting deliveries, and forgets it once acked', async () => {
    const queue = uniqueQueue();
    await ensureJudgeQueue(jsm, queue);
    const js = jetstream(nats);
    const task = { eventId: randomUUID(), submissionId: 2, attempt: 0 };
    await js.publish(queue.subject, encodeJudgeTask(task), { msgID: task.eventId });
    const consumer = await js.consumers.get(queue.streamName, queue.consumerName);

    const first = await consumer.next({ expires: 5_000 });
    expect(first?.info.deliveryCount).toBe(1);
    const second = await consumer.next({ expires: 5_000 });
    expect(second?.info.deliveryCount).toBe(2);
    expect(decodeJudgeTask(second?.data ?? new Uint8Array())).toEqual(task);
    await second?.ackAck();

    expect((await jsm.streams.info(queue.streamName)).state.messages).toBe(0);
  });

  it('keeps a task with its worker while the worker sends working() heartbeats', async () => {
    const queue = uniqueQueue();
    await ensureJudgeQueue(jsm, queue);
    const js = jetstream(nats);
    const task = { eventId: randomUUID(), submissionId: 3, attempt: 0 };
    await js.publish(queue.subject, encodeJudgeTask(task), { msgID: task.eventId });
    const consumer = await js.consumers.get(queue.streamName, queue.consumerName);
    const held = await consumer.next({ expires: 5_000 });
    const heartbeat = setInterval(() => held?.working(), 250);

    // A second pull waits more than twice the ack wait and still gets nothing.
    const stolen = await consumer.next({ expires: 2_500 });
    clearInterval(heartbeat);

    expect(stolen).toBeNull();
    await held?.ackAck();
  });

  it('stops delivering after max-deliver deliveries', async () => {
    const queue = uniqueQueue({ judgingDeliveries: 1 });
    await ensureJudgeQueue(jsm, queue);
    const js = jetstream(nats);
    const task = { eventId: randomUUID(), submissionId: 4, attempt: 0 };
    await js.publish(queue.subject, encodeJudgeTask(task), { msgID: task.eventId });
    const consumer = await js.consumers.get(queue.streamName, queue.consumerName);

    const deliveries: number[] = [];
    for (;;) {
      const message = await consumer.next({ expires: 1_000 });
      if (!message) break;
      deliveries.push(message.info.deliveryCount);
      message.nak();
    }
    expect(deliveries).toEqual(Array.from({ length: maxDeliver(queue) }, (_, index) => index + 1));
  });

  it('keeps contest and normal tasks apart, each in its own consumer', async () => {
    const queue = uniqueQueue();
    await ensureJudgeQueue(jsm, queue);
    const js = jetstream(nats);
    for (const [priority, submissionId] of [
      ['normal', 5],
      ['contest', 6],
      ['normal', 7],
    ] as const) {
      const task = { eventId: randomUUID(), submissionId, attempt: 0 };
      await js.publish(queueNames(queue, priority).subject, encodeJudgeTask(task), { msgID: task.eventId });
    }

    const pending = async (priority: 'contest' | 'normal') =>
      (await jsm.consumers.info(queue.streamName, queueNames(queue, priority).consumerName)).num_pending;
    expect({ contest: await pending('contest'), normal: await pending('normal') }).toEqual({ contest: 1, normal: 2 });
  });

  it('upgrades a single-queue deployment without losing its waiting or in-flight tasks', async () => {
    const queue = uniqueQueue();
    // The topology before priorities: one subject, one consumer without a filter.
    await jsm.streams.add({ name: queue.streamName, subjects: [queue.subject], retention: RetentionPolicy.Workqueue });
    await jsm.consumers.add(queue.streamName, { durable_name: queue.consumerName, ack_policy: AckPolicy.Explicit });
    const js = jetstream(nats);
    const tasks = [8, 9].map((submissionId) => ({ eventId: randomUUID(), submissionId, attempt: 0 }));
    for (const task of tasks) await js.publish(queue.subject, encodeJudgeTask(task), { msgID: task.eventId });
    const oldConsumer = await js.consumers.get(queue.streamName, queue.consumerName);
    const inFlight = await oldConsumer.next({ expires: 5_000 });

    await ensureJudgeQueue(jsm, queue);

    await inFlight?.ackAck();
    const normal = await js.consumers.get(queue.streamName, queueNames(queue, 'normal').consumerName);
    const waiting = await normal.next({ expires: 5_000 });
    expect(waiting && decodeJudgeTask(waiting.data)).toEqual(tasks[1]);
    await waiting?.ackAck();
    const contest = await jsm.consumers.info(queue.streamName, queueNames(queue, 'contest').consumerName);
    expect(contest.config.filter_subject).toBe(`${queue.subject}.contest`);
    expect((await jsm.streams.info(queue.streamName)).state.messages).toBe(0);
  });
});
