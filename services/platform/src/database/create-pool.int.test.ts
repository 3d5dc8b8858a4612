import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { createPool } from './create-pool';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'));
});
afterAll(async () => {
  await database.drop();
});

describe('createPool', () => {
  it('issue 14: a server dropping a checked-out client fails its next query instead of crashing the process', async () => {
    const pool = createPool(database.url, { max: 2 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    // Vitest's own handler would also report it; this one makes the test itself fail on the old code.
    process.prependListener('uncaughtException', onUncaught);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // Not events.once: it would reject on the very 'error' this test is about.
      const ended = new Promise((resolve) => client.once('end', resolve));
      // What a PostgreSQL restart does to every connection, while this one is checked out and between queries.
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await ended;
      await expect(client.query('select 1')).rejects.toThrow();
      client.release();
      // The pool drops the broken client and opens a fresh one.
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
      await admin.end();
      await pool.end();
    }
  });
});
