import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { describeEventStoreConformance } from '../conformance/event-store-conformance';
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

describeEventStoreConformance('postgres', {
  create: async () => createPostgresEventStore({ connectionString: (await freshDatabase()).url }),
});

describe('PostgresEventStore', () => {
  it('holds back a later commit until a slower, earlier transaction has committed, then delivers both in order', async () => {
    const { url } = await freshDatabase();
    const store = await createPostgresEventStore({ connectionString: url });
    const slow = new pg.Client({ connectionString: url });
    await slow.connect();
    // A writer that took its transaction id first but commits last: the case a bare sequence gets wrong.
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO event_store.events (position, stream, revision, event_id, event_type, data)
       VALUES (pg_current_xact_id()::text::bigint << 20, 'slow-1', 0, $1, 'Slow', '{}')`,
      [randomUUID()],
    );
    const subscription = store.subscribeAll();
    const iterator = subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    const fast = await store.append('fast-1', [{ id: randomUUID(), type: 'Fast', data: {} }]);
    expect(await store.readAll()).toEqual([]);
    expect(await store.headPosition()).toBe(0n);
    let isDelivered = false;
    void first.then(() => (isDelivered = true));
    // The fast append is committed and notified; its NOTIFY has been handled once this read returns.
    await store.readStream('fast-1');
    expect(isDelivered).toBe(false);
    await slow.query('COMMIT');
    const second = iterator.next();
    const delivered = [(await first).value, (await second).value] as RecordedEvent[];
    expect(delivered.map((event) => event.type)).toEqual(['Slow', 'Fast']);
    expect(delivered[1]?.position).toBe(fast.position);
    await subscription.close();
    await slow.end();
    await store.close();
  });

  it('keeps a subscription going when its LISTEN connection is killed', async () => {
    const { url } = await freshDatabase();
    const store = await createPostgresEventStore({ connectionString: url });
    const subscription = store.subscribeAll();
    const iterator = subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    await store.append('s-1', [{ id: randomUUID(), type: 'BeforeKill', data: {} }]);
    expect((await first).value).toMatchObject({ type: 'BeforeKill' });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'oj-event-store-listener' AND datname = current_database()",
    );
    expect(killed.rowCount).toBe(1);
    await admin.end();
    const second = iterator.next();
    await store.append('s-1', [{ id: randomUUID(), type: 'AfterKill', data: {} }]);
    expect((await second).value).toMatchObject({ type: 'AfterKill' });
    await subscription.close();
    await store.close();
  });

  it('creates its schema once when several processes start together', async () => {
    const { url } = await freshDatabase();
    const stores = await Promise.all([1, 2, 3].map(() => createPostgresEventStore({ connectionString: url })));
    await stores[0]?.append('s-1', [{ id: randomUUID(), type: 'A', data: {} }]);
    expect(await stores[2]?.readStream('s-1')).toHaveLength(1);
    await Promise.all(stores.map((store) => store.close()));
  });
});
