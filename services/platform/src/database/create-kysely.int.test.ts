import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { createKysely } from './create-kysely';
import { createPool } from './create-pool';

describe('createKysely', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    pool = createPool(database.url, { max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it("answers a query of several statements with its last statement's rows", async () => {
    const db = createKysely<Record<string, never>>(pool);
    const { rows } = await sql<{ b: number }>`SELECT 1 AS a; SELECT 2 AS b UNION ALL SELECT 3`.execute(db);
    expect(rows).toEqual([{ b: 2 }, { b: 3 }]);
    const ended = await sql`CREATE TEMPORARY TABLE t (n int); INSERT INTO t VALUES (1), (2)`.execute(db);
    expect(ended.rows).toEqual([]);
    expect(ended.numAffectedRows).toBe(2n);
  });

  it('answers one statement with bound values as before, on the same pooled connection', async () => {
    const db = createKysely<Record<string, never>>(pool);
    const pids = new Set<number>();
    for (const value of [7, 8]) {
      const { rows } = await sql<{ value: number; pid: number }>`
        SELECT ${value}::int AS value, pg_backend_pid() AS pid`.execute(db);
      expect(rows[0]?.value).toBe(value);
      pids.add(rows[0]?.pid ?? 0);
    }
    expect(pids.size).toBe(1);
    await db.connection().execute(async (connection) => {
      await sql`BEGIN; SET LOCAL application_name TO 'inside'`.execute(connection);
      const { rows } = await sql<{ name: string }>`SELECT current_setting('application_name') AS name`.execute(
        connection,
      );
      await sql`ROLLBACK`.execute(connection);
      expect(rows).toEqual([{ name: 'inside' }]);
    });
  });
});
