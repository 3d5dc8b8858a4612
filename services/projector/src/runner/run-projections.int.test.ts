import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { runProjections } from './run-projections';
import { createExampleTalliesTable, exampleTalliesProjection } from './testing/example-tallies.fixture';
import { createProjectionTestbed, type ProjectionTestbed } from './testing/projection-testbed';
import type { Projection } from './projection';

describe('runProjections', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
    await createExampleTalliesTable(testbed.db);
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('runs every registered projection to the head and drops checkpoints of unregistered ones', async () => {
    await writeCheckpoint(testbed.db, 'retired-projection', 5n);
    const head = await testbed.append([{ stream: 'tally-a', type: 'Counted', data: {} }]);
    const reachedHead = new Set<string>();
    const controller = new AbortController();
    let allThere: () => void = () => undefined;
    const everyoneAtHead = new Promise<void>((resolve) => (allThere = resolve));
    const watching = (projection: Projection): Projection => ({
      ...projection,
      apply: async (event, transaction) => {
        if (event.position === head) reachedHead.add(projection.name);
        if (reachedHead.size === 2) allThere();
        await projection.apply(event, transaction);
      },
    });
    const running = runProjections({
      db: testbed.db,
      store: testbed.store,
      projections: [
        watching(exampleTalliesProjection),
        watching({ ...exampleTalliesProjection, name: 'second-tallies' }),
      ],
      logger: { info: () => undefined, error: () => undefined },
      signal: controller.signal,
    });
    await everyoneAtHead;
    controller.abort();
    await running;
    const names = await testbed.db.selectFrom('projection_checkpoints').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['example-tallies', 'second-tallies']);
    expect(await readCheckpoint(testbed.db, 'second-tallies')).toBe(head);
  });

  it('refuses two projections with one name', async () => {
    const run = runProjections({
      db: testbed.db,
      store: testbed.store,
      projections: [exampleTalliesProjection, exampleTalliesProjection],
      logger: { info: () => undefined, error: () => undefined },
      signal: AbortSignal.abort(),
    });
    await expect(run).rejects.toThrow(/two projections are named example-tallies/);
  });
});
