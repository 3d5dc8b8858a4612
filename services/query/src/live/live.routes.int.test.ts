import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import {
  createKysely,
  createPool,
  createTokenService,
  migrateDatabase,
  readModelChangePayloads,
  readModelChangedChannel,
  systemClock,
} from '@oj/platform';
import { queryApi } from '../app';
import { liveMessageSchema, submissionTopic, type LiveMessage } from '../submissions/submissions.contract';

/** Resolves with the next message the socket receives that matches. */
function nextMessage(
  socket: { on(event: 'message', listener: (data: Buffer) => void): void },
  matches: (message: LiveMessage) => boolean,
) {
  return new Promise<LiveMessage>((resolve) => {
    socket.on('message', (data) => {
      const message = liveMessageSchema.parse(JSON.parse(data.toString('utf8')));
      if (matches(message)) resolve(message);
    });
  });
}

describe('GET /api/ws live pushes', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const pool = () => createPool(database.url, { max: 1 });
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    await migrateDatabase(database.url);
    app = Fastify({ logger: false });
    await app.register(websocket);
    const db = createKysely(pool());
    await app.register(queryApi, {
      prefix: '/api',
      db,
      tokens: createTokenService({ secret: 'live-test-secret-that-is-at-least-32-chars', clock: systemClock }),
      defaultBaseUrl: 'http://oj.test',
      mailFrom: null,
      databaseUrl: database.url,
    });
    app.addHook('onClose', () => db.destroy());
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('pushes a read_model_changed topic to its subscribers only', async () => {
    const watcher = await app.injectWS('/api/ws');
    const bystander = await app.injectWS('/api/ws');
    const subscribed = nextMessage(watcher, (message) => message.type === 'subscribed');
    watcher.send(JSON.stringify({ type: 'subscribe', topics: [submissionTopic(1001)] }));
    await subscribed;
    bystander.send(JSON.stringify({ type: 'subscribe', topics: [submissionTopic(1002)] }));
    const bystanderMessages: LiveMessage[] = [];
    bystander.on('message', (data: Buffer) => bystanderMessages.push(JSON.parse(data.toString('utf8')) as LiveMessage));

    const pushed = nextMessage(watcher, (message) => message.type === 'changed');
    const notifier = pool();
    for (const payload of readModelChangePayloads('submissions', 42n, [submissionTopic(1001)])) {
      await notifier.query('SELECT pg_notify($1, $2)', [readModelChangedChannel, payload]);
    }
    await notifier.end();
    expect(await pushed).toEqual({ type: 'changed', topic: 'submission:1001', position: '42' });
    expect(bystanderMessages.filter((message) => message.type === 'changed')).toEqual([]);
    watcher.terminate();
    bystander.terminate();
  });
});
