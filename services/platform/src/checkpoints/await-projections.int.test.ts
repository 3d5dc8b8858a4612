import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { createPool } from '../database/create-pool';
import { migrateDatabase } from '../database/migrate-database';
import { checkpointsReached, readModelChangedChannel } from './await-projections';

describe('awaitProjections', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    await migrateDatabase(database.url);
    pool = createPool(database.url);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const advance = async (name: string, position: bigint): Promise<void> => {
    await pool.query(
      `INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
      [name, position.toString()],
    );
    await pool.query('SELECT pg_notify($1, $2)', [readModelChangedChannel, JSON.stringify({ projection: name })]);
  };

  it('resolves at once when there are no projections, or all are past the position', async () => {
    expect(await checkpointsReached(pool, 5n, { timeoutMs: 30_000 })).toBe(true);
    await advance('a', 7n);
    expect(await checkpointsReached(pool, 7n, { timeoutMs: 30_000 })).toBe(true);
  });

  it('waits until the slowest projection has passed the position, woken by NOTIFY', async () => {
    await advance('a', 10n);
    await advance('b', 10n);
    const reached = checkpointsReached(pool, 20n, { timeoutMs: 30_000 });
    await advance('a', 25n);
    await advance('b', 20n);
    expect(await reached).toBe(true);
  });

  it('gives up after the timeout, and waits for a named projection that has no row yet', async () => {
    expect(await checkpointsReached(pool, 1_000n, { timeoutMs: 50 })).toBe(false);
    expect(await checkpointsReached(pool, 1n, { timeoutMs: 50, projections: ['not-started'] })).toBe(false);
    const reached = checkpointsReached(pool, 1n, { timeoutMs: 30_000, projections: ['late'] });
    await advance('late', 1n);
    expect(await reached).toBe(true);
  });

  it('F5: waits only for the projections that handle the appended event types', async () => {
    const handling = async (name: string, position: bigint, eventTypes: string[] | null) => {
      await pool.query(
        `INSERT INTO projection_checkpoints (name, position, event_types) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET position = excluded.position, event_types = excluded.event_types`,
        [name, position.toString(), eventTypes],
      );
    };
    await pool.query('DELETE FROM projection_checkpoints');
    await handling('stalled-boards', 1n, ['ContestCreated']);
    await handling('users', 100n, ['UserRegistered']);
    const usersOnly = { timeoutMs: 30_000, eventTypes: ['UserRegistered'] };
    expect(await checkpointsReached(pool, 100n, usersOnly)).toBe(true);
    expect(await checkpointsReached(pool, 100n, { timeoutMs: 50 })).toBe(false);
    expect(await checkpointsReached(pool, 100n, { timeoutMs: 50, eventTypes: ['ContestCreated'] })).toBe(false);
    // Named projections (the test harnesses name theirs) narrow the same way; a named one with no row is behind.
    const named = { timeoutMs: 50, eventTypes: ['UserRegistered'], projections: ['users', 'stalled-boards'] };
    expect(await checkpointsReached(pool, 100n, named)).toBe(true);
    expect(await checkpointsReached(pool, 100n, { ...named, projections: ['users', 'not-started'] })).toBe(false);
    // A projector that has not recorded its types yet may handle anything: it is waited for.
    await handling('unknown-types', 1n, null);
    expect(await checkpointsReached(pool, 100n, { timeoutMs: 50, eventTypes: ['UserRegistered'] })).toBe(false);
  });
});
