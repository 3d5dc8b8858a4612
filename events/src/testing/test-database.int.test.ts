import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from './test-database';

describe('createTestDatabase', () => {
  it('gives each caller its own empty database and drops it afterwards', async () => {
    const first = await createTestDatabase(inject('databaseUrl'));
    const second = await createTestDatabase(inject('databaseUrl'));
    expect(first.url).not.toEqual(second.url);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const tables = await client.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    await client.end();
    expect(tables.rows[0].n).toBe(0);
    await first.drop();
    await second.drop();
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      new URL(first.url).pathname.slice(1),
    ]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });
});
