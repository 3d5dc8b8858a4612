import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AckPolicy, jetstream, jetstreamManager, RetentionPolicy, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { probeJudgeQueue } from './judge-queue-probe';
import { natsConnectionOptions } from '@oj/platform';

const natsUrl = inject('natsUrl');

describe.skipIf(!natsUrl)('probeJudgeQueue (real nats-server)', () => {
  const suffix = randomUUID().slice(0, 8);
  const streamName = `PROBE_${suffix}`;
  const consumerName = 'probe-workers';
  let connection: NatsConnection;
  let manager: JetStreamManager;

  beforeAll(async () => {
    connection = await connect(natsConnectionOptions(natsUrl));
    manager = await jetstreamManager(connection);
    await manager.streams.add({ name: streamName, subjects: [`probe.${suffix}`] });
    await manager.consumers.add(streamName, { durable_name: consumerName, ack_policy: AckPolicy.Explicit });
  });
  afterAll(async () => {
    await manager.streams.delete(streamName);
    await connection.close();
  });

  it('reports the waiting tasks and the ones a worker holds', async () => {
    const client = jetstream(connection);
    for (let index = 0; index < 3; index++) await client.publish(`probe.${suffix}`, `task ${index}`);
    const consumer = await client.consumers.get(streamName, consumerName);
    const held = await consumer.next();
    expect(held).not.toBeNull();
    const figures = await probeJudgeQueue({ natsUrl, streamName, consumerName });
    expect(figures).toMatchObject({ queueDepth: 2, judging: 1 });
    expect(figures?.natsVersion).toMatch(/^\d+\.\d+/);
    held?.ack();
  });

  it('answers null when the queue does not exist', async () => {
    expect(await probeJudgeQueue({ natsUrl, streamName: `NONE_${suffix}`, consumerName })).toBeNull();
  });

  it('adds up the contest and normal queues of a judge with contest priority', async () => {
    const prioritized = `PROBE_${suffix}_PRIORITY`;
    const subject = `probe.${suffix}.priority`;
    await manager.streams.add({
      name: prioritized,
      subjects: [subject, `${subject}.contest`],
      retention: RetentionPolicy.Workqueue,
    });
    for (const [durable, filter] of [
      [consumerName, subject],
      [`${consumerName}-contest`, `${subject}.contest`],
    ] as const) {
      await manager.consumers.add(prioritized, {
        durable_name: durable,
        filter_subject: filter,
        ack_policy: AckPolicy.Explicit,
      });
    }
    const client = jetstream(connection);
    for (const target of [subject, subject, `${subject}.contest`, `${subject}.contest`]) {
      await client.publish(target, 'task');
    }
    const held = await (await client.consumers.get(prioritized, `${consumerName}-contest`)).next();

    const figures = await probeJudgeQueue({ natsUrl, streamName: prioritized, consumerName });

    expect(figures).toMatchObject({ queueDepth: 3, judging: 1 });
    held?.ack();
    await manager.streams.delete(prioritized);
  });
});
