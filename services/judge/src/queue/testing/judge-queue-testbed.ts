import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import {
  createEventStore,
  submissionStream,
  type EventStore,
  type RecordedEvent,
  type SubmissionCreated,
} from '@oj/events';
import { aSubmissionCreated, createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { migrateDatabase, natsConnectionOptions } from '@oj/platform';
import { defaultJudgeQueueSettings, ensureJudgeQueue, type JudgeQueueSettings } from '../judge-queue';
import type { WorkerLog } from '../../worker/judge-task-handler';

/**
 * A fresh database (migrated, with its event store) and a fresh judge queue on the run's nats-server, for
 * the queue's int tests, the process test and the bench.
 */
export interface JudgeQueueTestbed {
  readonly database: TestDatabase;
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly nats: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  readonly queue: JudgeQueueSettings;
  submit(overrides?: Partial<SubmissionCreated>): Promise<SubmissionCreated>;
  /** Resolves with the stream once `done` holds for it, following appends (no polling sleeps). */
  waitForStream(
    submissionId: number,
    done: (events: readonly RecordedEvent[]) => boolean,
    timeoutMs?: number,
  ): Promise<readonly RecordedEvent[]>;
  close(): Promise<void>;
}

export const silentLog: WorkerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let nextSubmissionId = 1;

export async function createJudgeQueueTestbed(
  databaseServerUrl: string,
  natsUrl: string,
  queueOverrides: Partial<JudgeQueueSettings> = {},
): Promise<JudgeQueueTestbed> {
  const database = await createTestDatabase(databaseServerUrl);
  await migrateDatabase(database.url);
  const store = await createEventStore({ databaseUrl: database.url });
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // pool.end() resolves before its connections are closed, and the FORCE drop in close() terminates them;
  // a client already out of the pool would then raise an unhandled 'error'.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  const nats = await connect(natsConnectionOptions(natsUrl));
  const jsm = await jetstreamManager(nats);
  const suffix = randomUUID().slice(0, 8);
  const queue: JudgeQueueSettings = {
    ...defaultJudgeQueueSettings,
    streamName: `JUDGE_${suffix}`,
    subject: `judge.${suffix}.submissions`,
    ...queueOverrides,
  };
  await ensureJudgeQueue(jsm, queue);
  return {
    database,
    store,
    pool,
    nats,
    js: jetstream(nats),
    jsm,
    queue,
    async submit(overrides = {}) {
      const data = aSubmissionCreated({ submissionId: nextSubmissionId++, ...overrides });
      await store.append(submissionStream(data.submissionId), [{ id: randomUUID(), type: 'SubmissionCreated', data }], {
        expectedRevision: 'no_stream',
      });
      return data;
    },
    waitForStream: (submissionId, done, timeoutMs = 60_000) => waitForStream(store, submissionId, done, timeoutMs),
    async close() {
      await jsm.streams.delete(queue.streamName).catch(() => undefined);
      await nats.close();
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

async function waitForStream(
  store: EventStore,
  submissionId: number,
  done: (events: readonly RecordedEvent[]) => boolean,
  timeoutMs: number,
): Promise<readonly RecordedEvent[]> {
  const stream = submissionStream(submissionId);
  const signal = AbortSignal.timeout(timeoutMs);
  const subscription = store.subscribeAll({ fromPosition: await store.headPosition(), signal });
  try {
    let events = await store.readStream(stream);
    if (done(events)) return events;
    for await (const event of subscription) {
      if (event.stream !== stream) continue;
      events = await store.readStream(stream);
      if (done(events)) return events;
    }
    throw new Error(`stream ${stream} did not reach the expected state in ${timeoutMs} ms`);
  } finally {
    await subscription.close();
  }
}
