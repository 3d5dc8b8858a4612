import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCheckpoint } from './checkpoints';
import { readModelChangedChannel } from '@oj/platform';
import {
  rebuildProgressSource,
  rebuildRequestedChannel,
  runRebuildFromCli,
  serveRebuildRequests,
} from './rebuild-requests';
import { exampleTalliesProjection, exampleTalliesSnapshot } from './testing/example-tallies.fixture';
import { startBackgroundRunner, useExampleTalliesTestbed } from './testing/runner-harness';

const silent = { info: () => undefined, error: () => undefined };
const countedBatch = (size: number) =>
  Array.from({ length: size }, () => ({ id: randomUUID(), type: 'Counted', data: {} }));

describe('serveRebuildRequests', () => {
  const testbed = useExampleTalliesTestbed();
  let stop: AbortController;
  let serving: Promise<void> | null;
  const finished = new Map<string, () => void>();
  const finishedIds: string[] = [];

  beforeEach(async () => {
    await sql`TRUNCATE projection_rebuilds`.execute(testbed.db);
    stop = new AbortController();
    serving = null;
  });
  afterEach(async () => {
    stop.abort();
    await serving;
  });

  const serve = (batchSize = 500) => {
    serving = serveRebuildRequests({
      db: testbed.db,
      store: testbed.store,
      projections: [exampleTalliesProjection],
      databaseUrl: testbed.databaseUrl,
      logger: silent,
      signal: stop.signal,
      batchSize,
      onFinished: (id) => {
        finishedIds.push(id);
        finished.get(id)?.();
      },
    });
  };
  /** What the command route does: a row, then NOTIFY (delivered at commit). */
  const request = async (): Promise<{ id: string; done: Promise<void> }> => {
    const row = await testbed.db.transaction().execute(async (transaction) => {
      const inserted = await transaction
        .insertInto('projection_rebuilds')
        .values({ projection: exampleTalliesProjection.name, requested_by: 'root-uid' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`SELECT pg_notify(${rebuildRequestedChannel}, '')`.execute(transaction);
      return inserted;
    });
    const id = String(row.id);
    const done = finishedIds.includes(id)
      ? Promise.resolve()
      : new Promise<void>((resolve) => finished.set(id, resolve));
    return { id, done };
  };
  const rebuildRow = (id: string) =>
    testbed.db.selectFrom('projection_rebuilds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a request, reports the rebuilt rows identical to the live ones, and sets the checkpoint', async () => {
    await testbed.append([
      { stream: 'tally-a', type: 'Counted', data: {} },
      { stream: 'tally-b', type: 'Counted', data: {} },
    ]);
    const head = await testbed.runToHead(exampleTalliesProjection);
    serve();
    const { id, done } = await request();
    await done;
    const row = await rebuildRow(id);
    expect(row).toMatchObject({ state: 'done', replayed_events: '2', total_events: '2', position: String(head) });
    expect(row.report).toMatchObject({ identical: true, eventCount: 2, position: String(head) });
    expect(await readCheckpoint(testbed.db, exampleTalliesProjection.name)).toBe(head);
    const owned = await testbed.db.selectFrom('projection_owned_tables').selectAll().execute();
    expect(owned).toEqual([{ projection: 'example-tallies', tables: ['example_tallies'] }]);
  });

  it('reports each table’s rows only in the old, only in the new and changed, and repairs them', async () => {
    await testbed.append([
      { stream: 'tally-a', type: 'Counted', data: {} },
      { stream: 'tally-b', type: 'Counted', data: {} },
      { stream: 'tally-c', type: 'Counted', data: {} },
    ]);
    await testbed.runToHead(exampleTalliesProjection);
    const repaired = await exampleTalliesSnapshot(testbed.db);
    await sql`UPDATE example_tallies SET tally = 9 WHERE stream = 'tally-a'`.execute(testbed.db);
    await sql`DELETE FROM example_tallies WHERE stream = 'tally-b'`.execute(testbed.db);
    await sql`INSERT INTO example_tallies VALUES ('tally-z', 4, 0)`.execute(testbed.db);
    serve();
    const { id, done } = await request();
    await done;
    const { report } = await rebuildRow(id);
    expect(report).toMatchObject({
      identical: false,
      tables: [{ table: 'example_tallies', oldRows: 3, newRows: 3, onlyInOld: 1, onlyInNew: 1, changed: 1 }],
    });
    expect((report as { tables: { examples: unknown[] }[] }).tables[0]?.examples).toEqual(
      expect.arrayContaining([
        { kind: 'onlyInOld', old: { stream: 'tally-z', tally: 4, last_revision: 0 }, new: null },
        { kind: 'onlyInNew', old: null, new: { stream: 'tally-b', tally: 1, last_revision: 0 } },
        {
          kind: 'changed',
          old: { stream: 'tally-a', tally: 9, last_revision: 0 },
          new: { stream: 'tally-a', tally: 1, last_revision: 0 },
        },
      ]),
    );
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual(repaired);
  });

  it('under write load: readers never see rows and checkpoint disagree, and the result equals a from-zero build', async () => {
    for (const stream of ['tally-a', 'tally-b']) {
      for (let batch = 0; batch < 4; batch++) await testbed.store.append(stream, countedBatch(100));
    }
    const live = startBackgroundRunner(testbed, [exampleTalliesProjection], { signal: stop.signal });
    await live.untilAt(await testbed.settledHead());
    serve(50);

    // Each progress push (after every replayed page, and as the swap starts) lets a writer append 5 events, so
    // events land in every phase of the rebuild: during the replay, the catch-up and the locked swap.
    let isRebuilding = true;
    let appended = 0;
    let writing = Promise.resolve();
    const pushes = new pg.Client({ connectionString: testbed.databaseUrl });
    await pushes.connect();
    pushes.on('notification', (message) => {
      if (!isRebuilding || !message.payload?.includes(rebuildProgressSource)) return;
      writing = writing.then(async () => {
        await testbed.store.append(`tally-${appended % 3}`, countedBatch(5));
        appended += 5;
      });
    });
    await pushes.query(`LISTEN ${readModelChangedChannel}`);
    const { id, done } = await request();
    // One statement, one snapshot: the tallies must sum to the Counted events up to the checkpoint they claim.
    const reader = new pg.Client({ connectionString: testbed.databaseUrl });
    await reader.connect();
    const disagreements: unknown[] = [];
    let reads = 0;
    const reading = (async () => {
      while (isRebuilding) {
        const { rows } = await reader.query<{ total: string | null; expected: string }>(
          `SELECT (SELECT coalesce(sum(tally), 0) FROM example_tallies) AS total,
             (SELECT count(*) FROM event_store.events WHERE event_type = 'Counted' AND position <=
               (SELECT position FROM projection_checkpoints WHERE name = 'example-tallies')) AS expected`,
        );
        reads += 1;
        if (rows[0]?.total !== rows[0]?.expected) disagreements.push(rows[0]);
      }
    })();
    await done;
    isRebuilding = false;
    await Promise.all([writing, reading]);
    await Promise.all([reader.end(), pushes.end()]);
    // The settled head may stop short of an append while other transactions are open: wait for the append itself.
    const late = await testbed.store.append('tally-late', countedBatch(3));

    await live.untilAt(late.position);
    await live.stop();

    expect(disagreements).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    expect(appended).toBeGreaterThan(0);
    const row = await rebuildRow(id);
    expect(row.state).toBe('done');
    expect(row.report).toMatchObject({ identical: true });
    const afterLoad = await exampleTalliesSnapshot(testbed.db);
    await testbed.rebuild(exampleTalliesProjection);
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual(afterLoad);
    const total = (afterLoad as { tally: number }[]).reduce((sum, tally) => sum + tally.tally, 0);
    expect(total).toBe(800 + appended + 3);
  });

  it('listens again after its connection was cut, and still runs requests', async () => {
    serve();
    const first = await request();
    await first.done;
    const cut = await sql<{ cut: boolean }>`
      SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
      WHERE application_name = 'oj-projector-rebuilds' AND datname = current_database()`.execute(testbed.db);
    expect(cut.rows).toEqual([{ cut: true }]);
    const second = await request();
    await second.done;
    expect((await rebuildRow(second.id)).state).toBe('done');
  });

  it('marks a request failed when the process that ran it is gone, so it can be asked again', async () => {
    const orphan = await testbed.db
      .insertInto('projection_rebuilds')
      .values({ projection: exampleTalliesProjection.name, requested_by: 'root-uid', state: 'replaying' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The worker announces the failed request to the admins' topic: wait for that push.
    const listener = new pg.Client({ connectionString: testbed.databaseUrl });
    await listener.connect();
    const pushed = new Promise<void>((resolve) =>
      listener.on('notification', (message) => {
        if (message.payload?.includes(rebuildProgressSource)) resolve();
      }),
    );
    await listener.query(`LISTEN ${readModelChangedChannel}`);
    serve();
    await pushed;
    await listener.end();
    const { id, done } = await request();
    await done;
    expect(await rebuildRow(String(orphan.id))).toMatchObject({
      state: 'failed',
      error: 'the projector stopped during the rebuild',
    });
    expect((await rebuildRow(id)).state).toBe('done');
  });

  describe('the command-line rebuild', () => {
    const fromCli = () =>
      runRebuildFromCli({
        db: testbed.db,
        store: testbed.store,
        projection: exampleTalliesProjection,
        databaseUrl: testbed.databaseUrl,
        requestedBy: 'cli:operator',
        logger: silent,
      });

    it('runs as a request of its own that the back office lists, with the same report', async () => {
      await testbed.append([{ stream: 'tally-a', type: 'Counted', data: {} }]);
      const head = await testbed.runToHead(exampleTalliesProjection);
      const ended = await fromCli();
      expect(ended).toMatchObject({ state: 'done', replayedEvents: '1', position: String(head) });
      expect(ended?.report).toMatchObject({ identical: true, eventCount: 1 });
      expect(await rebuildRow(ended?.id ?? '')).toMatchObject({ requested_by: 'cli:operator', state: 'done' });
    });

    it('refuses while a browser request of the same projection is queued, and leaves that request alone', async () => {
      const queued = await request();
      expect(await fromCli()).toBeNull();
      expect((await rebuildRow(queued.id)).state).toBe('queued');
      const rows = await testbed.db.selectFrom('projection_rebuilds').select('id').execute();
      expect(rows).toHaveLength(1);
    });
  });
});
