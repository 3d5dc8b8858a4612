import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readCheckpoint } from './checkpoints';
import { rebuildProjection } from './rebuild-projection';
import type { Projection } from './projection';
import { exampleTalliesProjection, exampleTalliesSnapshot } from './testing/example-tallies.fixture';
import { startBackgroundRunner, useExampleTalliesTestbed } from './testing/runner-harness';

const countedBatch = (size: number) =>
  Array.from({ length: size }, () => ({ id: randomUUID(), type: 'Counted', data: {} }));

describe('rebuildProjection', () => {
  const testbed = useExampleTalliesTestbed();

  it('replaces damaged rows with rows identical to an incremental build, and sets the checkpoint', async () => {
    await testbed.append([
      { stream: 'tally-a', type: 'Counted', data: {} },
      { stream: 'tally-b', type: 'Counted', data: {} },
      { stream: 'tally-a', type: 'Counted', data: {} },
    ]);
    const head = await testbed.runToHead(exampleTalliesProjection);
    const incremental = await exampleTalliesSnapshot(testbed.db);
    await sql`UPDATE example_tallies SET tally = 999`.execute(testbed.db);
    const outcome = await rebuildProjection({
      db: testbed.db,
      store: testbed.store,
      projection: exampleTalliesProjection,
    });
    expect(outcome).toEqual({ position: head, eventCount: 3 });
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual(incremental);
    expect(await readCheckpoint(testbed.db, 'example-tallies')).toBe(head);
    const leftovers = await sql`SELECT 1 FROM pg_namespace WHERE nspname LIKE 'rebuild_%'`.execute(testbed.db);
    expect(leftovers.rows).toEqual([]);
    const { rows } = await sql<{
      indexname: string;
    }>`SELECT indexname FROM pg_indexes WHERE tablename = 'example_tallies'`.execute(testbed.db);
    expect(rows.map((row) => row.indexname)).toEqual(['example_tallies_pkey']);
  });

  it('clears the quarantines of events it now applies, and keeps those of events that still fail', async () => {
    await sql`DELETE FROM projection_dead_letters WHERE projection = 'example-tallies'`.execute(testbed.db);
    let refusing = true;
    const picky: Projection = {
      ...exampleTalliesProjection,
      apply: async (event, transaction) => {
        if (refusing && event.stream === 'tally-b') throw new Error('tally-b cannot be applied yet');
        await exampleTalliesProjection.apply(event, transaction);
      },
    };
    await testbed.append([
      { stream: 'tally-a', type: 'Counted', data: {} },
      { stream: 'tally-b', type: 'Counted', data: {} },
    ]);
    await testbed.runToHead(picky);
    const quarantined = () =>
      testbed.db
        .selectFrom('projection_dead_letters')
        .select(['stream', 'error'])
        .where('projection', '=', 'example-tallies')
        .execute();
    expect(await quarantined()).toEqual([{ stream: 'tally-b', error: 'Error: tally-b cannot be applied yet' }]);
    await rebuildProjection({ db: testbed.db, store: testbed.store, projection: picky });
    expect(await quarantined()).toHaveLength(1);
    refusing = false;
    await rebuildProjection({ db: testbed.db, store: testbed.store, projection: picky });
    expect(await quarantined()).toEqual([]);
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual([
      { stream: 'tally-a', tally: 1, last_revision: '0' },
      { stream: 'tally-b', tally: 1, last_revision: '0' },
    ]);
  });

  it('keeps the live index names (a migration may drop an index by name after a rebuild)', async () => {
    await sql`CREATE INDEX IF NOT EXISTS example_tallies_by_tally ON example_tallies (tally, stream)`.execute(
      testbed.db,
    );
    try {
      await testbed.append([{ stream: 'tally-a', type: 'Counted', data: {} }]);
      await rebuildProjection({ db: testbed.db, store: testbed.store, projection: exampleTalliesProjection });
      const { rows } = await sql<{ indexname: string }>`
        SELECT indexname FROM pg_indexes WHERE tablename = 'example_tallies' ORDER BY indexname`.execute(testbed.db);
      expect(rows.map((row) => row.indexname)).toEqual(['example_tallies_by_tally', 'example_tallies_pkey']);
    } finally {
      await sql`DROP INDEX IF EXISTS example_tallies_by_tally`.execute(testbed.db);
    }
  });

  it('lets readers and the live runner carry on while it rebuilds, including events appended meanwhile', async () => {
    for (const stream of ['tally-a', 'tally-b', 'tally-c']) {
      for (let batch = 0; batch < 5; batch++) await testbed.store.append(stream, countedBatch(100));
    }
    const live = startBackgroundRunner(testbed, [exampleTalliesProjection]);
    await live.untilAt(await testbed.settledHead());

    const reader = new pg.Client({ connectionString: testbed.databaseUrl });
    await reader.connect();
    const answers: number[] = [];
    const readerErrors: unknown[] = [];
    let isRebuilding = true;
    const reading = (async () => {
      while (isRebuilding || answers.length < 2) {
        try {
          const { rows } = await reader.query<{ total: string | null }>(
            'SELECT sum(tally) AS total FROM example_tallies',
          );
          answers.push(Number(rows[0]?.total ?? -1));
        } catch (error) {
          readerErrors.push(error);
        }
      }
    })();

    let appendedDuringRebuild = 0;
    const outcome = await rebuildProjection({
      db: testbed.db,
      store: testbed.store,
      projection: exampleTalliesProjection,
      batchSize: 100,
      onProgress: async () => {
        if (appendedDuringRebuild > 0) return;
        appendedDuringRebuild = 20;
        await testbed.store.append('tally-d', countedBatch(20));
      },
    });
    isRebuilding = false;
    await reading;
    await reader.end();

    await live.untilAt(await testbed.settledHead());
    await live.stop();

    expect(readerErrors).toEqual([]);
    expect(answers.every((total) => total >= 1500)).toBe(true);
    expect(outcome.eventCount).toBeGreaterThanOrEqual(1500);
    const rows = (await exampleTalliesSnapshot(testbed.db)) as { stream: string; tally: number }[];
    expect(rows.map((row) => [row.stream, row.tally])).toEqual([
      ['tally-a', 500],
      ['tally-b', 500],
      ['tally-c', 500],
      ['tally-d', 20],
    ]);
  });
});
