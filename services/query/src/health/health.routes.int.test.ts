import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { createKysely, createPool, installReplyChecking } from '@oj/platform';
import { healthRoutes } from './health.routes';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function probe(databaseUrl: string, natsUrl: string | undefined) {
  const pool = createPool(databaseUrl, { max: 1 });
  const app = Fastify({ logger: false });
  // As the query app does: the declared replies are zod schemas, checked as they are sent.
  installReplyChecking(app, 'reject');
  healthRoutes(app, { db: createKysely(pool), natsUrl });
  try {
    const [health, ready] = [await app.inject({ url: '/health' }), await app.inject({ url: '/ready' })];
    return {
      health: { code: health.statusCode, body: health.json() },
      ready: { code: ready.statusCode, body: ready.json() },
    };
  } finally {
    await app.close();
    await pool.end();
  }
}

describe('health and readiness (issue 14)', () => {
  it('is live and ready when PostgreSQL and NATS answer', async () => {
    const natsUrl = inject('natsUrl') || undefined;
    const { health, ready } = await probe(inject('databaseUrl'), natsUrl);
    expect(health).toEqual({ code: 200, body: { status: 200, msg: 'success', data: { status: 'up' } } });
    expect(ready.code).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready', database: 'up', nats: natsUrl ? 'up' : 'not configured' });
  });

  it('stays live but answers 503 not ready, naming what is down, when PostgreSQL or NATS is unreachable', async () => {
    const deadDatabase = `postgres://nobody:x@127.0.0.1:${await closedPort()}/none`;
    const deadNats = `nats://token@127.0.0.1:${await closedPort()}`;
    const { health, ready } = await probe(deadDatabase, deadNats);
    expect(health.code).toBe(200);
    expect(ready).toEqual({
      code: 503,
      body: { status: 503, msg: 'not ready', data: { status: 'not ready', database: 'down', nats: 'down' } },
    });
  });
});
