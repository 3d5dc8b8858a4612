import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { manualClock } from '../clock/clock';
import { createKysely } from '../database/create-kysely';
import { createPool } from '../database/create-pool';
import { migrateDatabase } from '../database/migrate-database';
import { createEphemeralStore } from './ephemeral-store';

describe('createEphemeralStore', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    await migrateDatabase(database.url);
    pool = createPool(database.url, { max: 4 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('returns a value until its lifetime ends', async () => {
    const store = createEphemeralStore(createKysely(pool), clock);
    await store.put('code', '123456', 600);
    expect(await store.get('code')).toBe('123456');
    expect(await store.secondsLeft('code')).toBe(600);
    clock.advanceBy(600_000);
    expect(await store.get('code')).toBeNull();
    expect(await store.secondsLeft('code')).toBe(0);
  });

  it('counts concurrent increments exactly', async () => {
    const store = createEphemeralStore(createKysely(pool), clock);
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => store.increment('fails', 1800, { renewTtl: true })),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps the first lifetime unless asked to renew it, and restarts an expired counter at 1', async () => {
    const store = createEphemeralStore(createKysely(pool), clock);
    await store.increment('fixed', 100, { renewTtl: false });
    clock.advanceBy(60_000);
    await store.increment('fixed', 100, { renewTtl: false });
    expect(await store.secondsLeft('fixed')).toBe(40);
    await store.increment('renewed', 100, { renewTtl: true });
    clock.advanceBy(60_000);
    await store.increment('renewed', 100, { renewTtl: true });
    expect(await store.secondsLeft('renewed')).toBe(100);
    clock.advanceBy(100_000);
    expect(await store.increment('renewed', 100, { renewTtl: true })).toBe(1);
  });
});
