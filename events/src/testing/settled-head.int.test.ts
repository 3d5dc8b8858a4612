import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createPostgresEventStore } from '../store/postgres/postgres-event-store';
import { settledHeadAfterCommits } from './settled-head';
import { createTestDatabase, type TestDatabase } from './test-database';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
});

describe('settledHeadAfterCommits', () => {
  it('waits while an older transaction holds the horizon below a committed append, then returns a head past it', async () => {
    // Given an event committed after an older transaction of its database began, and that transaction still open
    database = await createTestDatabase(inject('databaseUrl'));
    const store = await createPostgresEventStore({ connectionString: database.url });
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const older = new pg.Client({ connectionString: database.url });
    await older.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const appended = await store.append('settle-1', [{ id: randomUUID(), type: 'Appended', data: {} }]);
      expect(await store.headPosition()).toBe(0n);

      // When a test asks for the settled head, and the older transaction ends only after many more round trips than
      // the helper's own two reads take (its pool already connected)
      await pool.query('SELECT 1');
      let olderEnded = false;
      const head = settledHeadAfterCommits(store, pool).then((position) => ({ position, olderEnded }));
      for (let trip = 0; trip < 20; trip++) await older.query('SELECT 1');
      olderEnded = true;
      await older.query('COMMIT');

      // Then it answered only after that, with a head that includes the append
      expect(await head).toEqual({ position: appended.position, olderEnded: true });
    } finally {
      await older.end();
      await pool.end();
      await store.close();
    }
  });

  it('returns at once with the head when nothing holds the horizon, and 0 for an empty store', async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    const store = await createPostgresEventStore({ connectionString: database.url });
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      expect(await settledHeadAfterCommits(store, pool)).toBe(0n);
      const appended = await store.append('settle-1', [{ id: randomUUID(), type: 'Appended', data: {} }]);
      expect(await settledHeadAfterCommits(store, pool)).toBe(appended.position);
    } finally {
      await pool.end();
      await store.close();
    }
  });
});
