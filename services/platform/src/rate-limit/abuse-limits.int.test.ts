import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { manualClock } from '../clock/clock';
import { createKysely } from '../database/create-kysely';
import { createPool } from '../database/create-pool';
import { migrateDatabase } from '../database/migrate-database';
import { installErrorHandler } from '../http/error-handler';
import { attemptLimiter, installAbuseLimits, perAddress, type AttemptLimiter } from './abuse-limits';

describe('abuse limits over Postgres', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const clock = manualClock(new Date('2026-01-01T00:00:00Z'));

  /** One API process: a limited route, a grouped pair, and an account counter with a growing lock. */
  async function apiProcess(): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    await installAbuseLimits(app, { db: createKysely(pool), clock });
    app.get('/limited', { config: { rateLimit: perAddress(2, 60) } }, async () => ({ status: 200 }));
    app.get('/one', { config: { rateLimit: perAddress(2, 60, 'pair') } }, async () => ({ status: 200 }));
    app.get('/two', { config: { rateLimit: perAddress(2, 60, 'pair') } }, async () => ({ status: 200 }));
    const accounts: AttemptLimiter = attemptLimiter(app, {
      name: 'account',
      max: 2,
      windowSeconds: 60,
      growingLockUpToSeconds: 600,
      subject: (request) => String((request.query as { name?: string }).name),
    });
    app.post('/attempt', async (request) => ({ seconds: await accounts.count(request) }));
    app.get('/attempt', async (request) => ({ seconds: await accounts.secondsLocked(request) }));
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    await migrateDatabase(database.url);
    pool = createPool(database.url, { max: 4 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('shares one count between two processes and refuses in the envelope with HTTP 429', async () => {
    const [first, second] = [{ app: await apiProcess() }, { app: await apiProcess() }];
    expect((await first.app.inject('/limited')).statusCode).toBe(200);
    expect((await second.app.inject('/limited')).statusCode).toBe(200);
    const refused = await first.app.inject({ url: '/limited', headers: { 'accept-language': 'en-US' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 403,
      msg: 'Too many requests, please try again in 60 seconds!',
      data: null,
    });
    expect(refused.headers['retry-after']).toBe('60');
    const chinese = await second.app.inject('/limited');
    expect(chinese.json().msg).toBe('您的操作过于频繁，请在60秒后再试！');
    const elsewhere = await first.app.inject({ url: '/limited', remoteAddress: '10.0.0.9' });
    expect(elsewhere.statusCode).toBe(200);
    clock.advanceBy(60_000);
    expect((await first.app.inject('/limited')).statusCode).toBe(200);
    await Promise.all([first.app.close(), second.app.close()]);
  });

  it('counts routes of one group together and other routes apart', async () => {
    const app = await apiProcess();
    const address = { remoteAddress: '10.0.0.2' };
    expect((await app.inject({ url: '/one', ...address })).statusCode).toBe(200);
    expect((await app.inject({ url: '/two', ...address })).statusCode).toBe(200);
    expect((await app.inject({ url: '/one', ...address })).statusCode).toBe(429);
    expect((await app.inject({ url: '/limited', ...address })).statusCode).toBe(200);
    await app.close();
  });

  it('locks a subject after its free attempts, doubling the lock per attempt up to the cap', async () => {
    const app = await apiProcess();
    const attempt = async (name = 'ada') =>
      (await app.inject({ method: 'POST', url: '/attempt', query: { name } })).json().seconds;
    const locked = async (name = 'ada') => (await app.inject({ url: '/attempt', query: { name } })).json().seconds;
    expect(await attempt()).toBe(0);
    expect(await locked()).toBe(0);
    expect(await attempt()).toBe(60);
    expect(await locked()).toBe(60);
    expect(await attempt()).toBe(120);
    expect(await attempt()).toBe(240);
    for (let count = 0; count < 60; count++) await attempt();
    expect(await locked()).toBe(600);
    expect(await locked('bea')).toBe(0);
    clock.advanceBy(600_000);
    expect(await locked()).toBe(0);
    await app.close();
  });

  it('sweeps expired counters when a new window starts', async () => {
    const app = await apiProcess();
    await app.inject({ url: '/limited', remoteAddress: '10.0.0.3' });
    clock.advanceBy(3_600_000);
    await app.inject({ url: '/limited', remoteAddress: '10.0.0.4' });
    const keys = await pool.query<{ key: string }>('SELECT key FROM rate_limit_counters');
    expect(keys.rows.map((row) => row.key)).toEqual(['GET /limited|ip:10.0.0.4']);
    await app.close();
  });
});
