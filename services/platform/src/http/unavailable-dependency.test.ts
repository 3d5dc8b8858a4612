import net from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { isUnavailableDependency } from './unavailable-dependency';

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('isUnavailableDependency', () => {
  it('knows a refused, dropped or restarting PostgreSQL and an unreachable NATS, also when wrapped', () => {
    expect(isUnavailableDependency(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isUnavailableDependency(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isUnavailableDependency(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    ).toBe(true);
    expect(isUnavailableDependency(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    const nats = new Error('closed');
    nats.name = 'ClosedConnectionError';
    expect(isUnavailableDependency(new Error('submit failed', { cause: nats }))).toBe(true);
  });

  it('leaves bugs and bad data alone: they stay 500s', () => {
    expect(isUnavailableDependency(new TypeError('x is undefined'))).toBe(false);
    expect(isUnavailableDependency(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUnavailableDependency(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isUnavailableDependency(null)).toBe(false);
  });
});

describe('installErrorHandler with a dependency down (issue 14)', () => {
  it('answers HTTP 503 in the envelope when PostgreSQL cannot be reached, not a 500', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://nobody:x@127.0.0.1:${await closedPort()}/none` });
    pool.on('error', () => undefined);
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/read', async () => (await pool.query('select 1')).rows);
    try {
      const reply = await app.inject({ url: '/read', headers: { 'accept-language': 'en-US' } });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({
        status: 503,
        msg: 'The service is temporarily unavailable, please try again later!',
        data: null,
      });
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
