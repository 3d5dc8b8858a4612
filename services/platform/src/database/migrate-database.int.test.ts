import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { createKysely } from './create-kysely';
import { createPool } from './create-pool';
import { migrateDatabase } from './migrate-database';

describe('migrateDatabase', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
  });
  afterAll(async () => {
    await database.drop();
  });

  it('creates projection_checkpoints, and a second run applies nothing', async () => {
    const first = await migrateDatabase(database.url);
    expect(first).toContain('0001-create-projection-checkpoints');
    expect(await migrateDatabase(database.url)).toEqual([]);

    const pool = createPool(database.url);
    const db = createKysely(pool);
    await db.insertInto('projection_checkpoints').values({ name: 'x', position: 12n }).execute();
    const row = await db.selectFrom('projection_checkpoints').selectAll().executeTakeFirstOrThrow();
    expect(BigInt(row.position)).toBe(12n);
    await pool.end();
  });

  it('lets several processes migrate at once', async () => {
    const other = await createTestDatabase(inject('databaseUrl'));
    const results = await Promise.all([migrateDatabase(other.url), migrateDatabase(other.url)]);
    expect(results.flat().filter((name) => name === '0001-create-projection-checkpoints')).toHaveLength(1);
    await other.drop();
  });
});
