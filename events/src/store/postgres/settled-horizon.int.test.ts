import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import type { RecordedEvent } from '../event-store';
import { createPostgresEventStore } from './postgres-event-store';

const databases: TestDatabase[] = [];
async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase(inject('databaseUrl'));
  databases.push(database);
  return database;
}
afterAll(async () => {
  for (const database of databases) await database.drop();
});

/** A connection to `url` inside a transaction that holds a transaction id (what a writer holds) until `end`. */
async function openWriteTransaction(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT pg_current_xact_id()');
  return {
    async end() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

describe('the settled horizon of the PostgreSQL store', () => {
  it('is not held back by a transaction open in another database on the same server', async () => {
    // Given a write transaction left open in another database of the server (another tenant, another test file)
    const ours = await freshDatabase();
    const elsewhere = await openWriteTransaction((await freshDatabase()).url);
    const store = await createPostgresEventStore({ connectionString: ours.url });
    try {
      // When an event is appended here after it began
      const subscription = store.subscribeAll();
      const next = subscription[Symbol.asyncIterator]().next();
      const appended = await store.append('here-1', [{ id: randomUUID(), type: 'Here', data: {} }]);
      // Then readers here get it without waiting for the other database's transaction to end
      expect((await store.readAll()).map((event) => event.type)).toEqual(['Here']);
      expect(await store.headPosition()).toBe(appended.position);
      expect(((await next).value as RecordedEvent).type).toBe('Here');
      await subscription.close();
    } finally {
      await elsewhere.end();
      await store.close();
    }
  });

  it('is still held back by an older transaction open in its own database, whoever opened it', async () => {
    // Given a write transaction open in this database that touches no event
    const ours = await freshDatabase();
    const store = await createPostgresEventStore({ connectionString: ours.url });
    const here = await openWriteTransaction(ours.url);
    try {
      // When an event is appended after it began
      await store.append('here-1', [{ id: randomUUID(), type: 'Here', data: {} }]);
      // Then it is not settled until that transaction ends (it could still append below it)
      expect(await store.readAll()).toEqual([]);
      expect(await store.headPosition()).toBe(0n);
      await here.end();
      expect((await store.readAll()).map((event) => event.type)).toEqual(['Here']);
    } finally {
      await store.close();
    }
  });
});
