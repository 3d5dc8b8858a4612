import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { describeEventStoreConformance } from '../conformance/event-store-conformance';
import { WrongExpectedRevisionError } from '../errors';
import type { RecordedEvent } from '../event-store';
import { createPostgresEventStore } from './postgres-event-store';
import { settledHeadPosition } from './read-events';

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
  it('commits appends waiting for a transaction together, each with its own revision check and answer', async () => {
    const { url } = await freshDatabase();
    // One transaction at a time: the first append goes out alone, the next five wait and share one.
    const store = await createPostgresEventStore({ connectionString: url, appendsInFlight: 1 });
    await store.append('g-b', [{ id: randomUUID(), type: 'Before', data: {} }]);
    const appends = [
      store.append('g-a', [{ id: randomUUID(), type: 'A', data: {} }], { expectedRevision: 'no_stream' }),
      store.append('g-b', [{ id: randomUUID(), type: 'B', data: {} }], { expectedRevision: 'no_stream' }),
      store.append(
        'g-c',
        [1, 2].map(() => ({ id: randomUUID(), type: 'C', data: {} })),
        {
          expectedRevision: 'no_stream',
        },
      ),
      store.append('g-a', [{ id: randomUUID(), type: 'A2', data: {} }], { expectedRevision: 0n }),
      store.append('g-a', [{ id: randomUUID(), type: 'A3', data: {} }], { expectedRevision: 0n }),
    ];
    const settled = await Promise.allSettled(appends);
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    for (const rejected of [settled[1], settled[4]]) {
      expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
    }
    const all = await store.readAll();
    // Nothing of a rejected append is stored; the others' events follow the order of the calls.
    expect(all.map((event) => event.type)).toEqual(['Before', 'A', 'C', 'C', 'A2']);
    const transactions = new Set(all.slice(1).map((event) => event.position >> 20n));
    expect(transactions.size).toBe(1);
    const positions = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.position] : []));
    expect(positions).toEqual([all[1]?.position, all[3]?.position, all[4]?.position]);
    expect((await store.readStream('g-a')).map((event) => event.revision)).toEqual([0n, 1n]);
    await store.close();
  });

  it('sends a large batch in a transaction of its own instead of grouping it', async () => {
    const { url } = await freshDatabase();
    const store = await createPostgresEventStore({ connectionString: url, appendsInFlight: 1 });
    const events = (count: number, type: string) =>
      Array.from({ length: count }, () => ({ id: randomUUID(), type, data: {} }));
    await Promise.all([
      store.append('l-1', events(1, 'Small')),
      store.append('l-2', events(1, 'Small')),
      store.append('l-3', events(17, 'Large')),
    ]);
    const transactionOf = new Map((await store.readAll()).map((event) => [event.type, event.position >> 20n]));
    expect(transactionOf.get('Large')).not.toBe(transactionOf.get('Small'));
    await store.close();
  });

  it('answers each append of a group whose statement failed on its own', async () => {
    const { url } = await freshDatabase();
    const store = await createPostgresEventStore({ connectionString: url, appendsInFlight: 1 });
    const racing = randomUUID();
    // Another writer holds the id in an open transaction: the group's insert waits on it, then violates uniqueness.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('BEGIN');
    await other.query(
      `INSERT INTO event_store.events (position, stream, revision, event_id, event_type, data)
       VALUES (pg_current_xact_id()::text::bigint << 20, 'other', 0, $1, 'Other', '{}')`,
      [racing],
    );
    const settled = Promise.allSettled([
      store.append('f-1', [{ id: randomUUID(), type: 'One', data: {} }]),
      store.append('f-2', [{ id: racing, type: 'Racing', data: {} }]),
      store.append('f-3', [{ id: randomUUID(), type: 'Three', data: {} }]),
    ]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await waitUntilBlocked(admin);
    await other.query('COMMIT');
    const [one, racingResult, three] = await settled;
    expect([one?.status, racingResult?.status, three?.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.readAll()).map((event) => event.type)).toEqual(['Other', 'One', 'Three']);
    await admin.end();
    await other.end();
    await store.close();
  });
});

/** Polls pg_stat_activity (no sleep: each look is a round trip) until an append waits on another transaction. */
async function waitUntilBlocked(admin: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await admin.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'oj-event-store'
         AND wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
  }
}

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

  it('is not held back by another database either for a reader that is not a superuser (the services connect so)', async () => {
    // Given a write transaction open in another database, and a role with no more than read access to the events
    const ours = await freshDatabase();
    const elsewhere = await openWriteTransaction((await freshDatabase()).url);
    const store = await createPostgresEventStore({ connectionString: ours.url });
    const role = `oj_horizon_reader_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: ours.url });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER PASSWORD 'horizon'`);
    await admin.query(`GRANT USAGE ON SCHEMA event_store TO ${role}; GRANT SELECT ON event_store.events TO ${role}`);
    const readerUrl = new URL(ours.url);
    readerUrl.username = role;
    readerUrl.password = 'horizon';
    const reader = new pg.Pool({ connectionString: readerUrl.toString(), max: 1 });
    try {
      // When an event is appended here after it began
      const appended = await store.append('here-1', [{ id: randomUUID(), type: 'Here', data: {} }]);
      // Then that role's settled head includes it: it may see which database the other xid belongs to
      expect(await settledHeadPosition(reader)).toBe(appended.position);
    } finally {
      await reader.end();
      await elsewhere.end();
      await store.close();
      await admin.query(`DROP OWNED BY ${role}; DROP ROLE ${role}`);
      await admin.end();
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
