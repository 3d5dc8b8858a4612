import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { createKysely, createPool, migrateDatabase } from '@oj/platform';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { createCheckpointedTotals } from './checkpointed-totals';

describe('createCheckpointedTotals', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    await migrateDatabase(database.url);
    pool = createPool(database.url, { max: 4 });
    db = createKysely(pool);
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const moveCheckpoint = (name: string, position: number) =>
    db
      .insertInto('projection_checkpoints')
      .values({ name, position: BigInt(position) })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ position: BigInt(position) }))
      .execute();

  /** A count that records each time it runs and answers the given numbers in turn. */
  const countingOf = (...answers: number[]) => {
    const calls = { count: 0 };
    const count = async () => answers[calls.count++] ?? -1;
    return { calls, count };
  };

  it('counts a filter once while the checkpoints of the projections it reads stay where they are', async () => {
    await moveCheckpoint('submissions', 10);
    await moveCheckpoint('problems', 20);
    const totals = createCheckpointedTotals(db, ['submissions', 'problems']);
    const { calls, count } = countingOf(7, 8);
    expect(await totals.total('all', count)).toBe(7);
    expect(await totals.total('all', count)).toBe(7);
    expect(calls.count).toBe(1);
  });

  it('counts again once any of those checkpoints moved, and not for an unrelated projection', async () => {
    await moveCheckpoint('submissions', 10);
    await moveCheckpoint('problems', 20);
    await moveCheckpoint('users', 1);
    const totals = createCheckpointedTotals(db, ['submissions', 'problems']);
    const { calls, count } = countingOf(7, 8, 9);
    expect(await totals.total('all', count)).toBe(7);
    await moveCheckpoint('users', 2);
    expect(await totals.total('all', count)).toBe(7);
    await moveCheckpoint('problems', 21);
    expect(await totals.total('all', count)).toBe(8);
    await moveCheckpoint('submissions', 11);
    expect(await totals.total('all', count)).toBe(9);
    expect(calls.count).toBe(3);
  });

  it('keeps filters apart and shares one count between concurrent requests for the same filter', async () => {
    const totals = createCheckpointedTotals(db, ['submissions']);
    const { calls, count } = countingOf(5, 6);
    const [first, second, other] = await Promise.all([
      totals.total('a', count),
      totals.total('a', count),
      totals.total('b', count),
    ]);
    expect(first).toBe(second);
    expect(new Set([first, other])).toEqual(new Set([5, 6]));
    expect(calls.count).toBe(2);
  });

  it('forgets the least recently used filter past its size, and a failed count', async () => {
    const totals = createCheckpointedTotals(db, ['submissions'], 2);
    const { calls, count } = countingOf(1, 2, 3, 4);
    await totals.total('a', count);
    await totals.total('b', count);
    await totals.total('a', count);
    await totals.total('c', count);
    expect(calls.count).toBe(3);
    expect(await totals.total('a', count)).toBe(1);
    expect(await totals.total('b', count)).toBe(4);
    const failing = () => Promise.reject(new Error('database gone'));
    await expect(totals.total('d', failing)).rejects.toThrow('database gone');
    expect(await totals.total('d', async () => 42)).toBe(42);
  });
});
