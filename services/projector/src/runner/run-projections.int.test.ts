import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@oj/events';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { runProjections } from './run-projections';
import { exampleTalliesProjection, exampleTalliesSnapshot } from './testing/example-tallies.fixture';
import type { TestEvent } from './testing/projection-testbed';
import { listenToReadModelChanges, startBackgroundRunner, useExampleTalliesTestbed } from './testing/runner-harness';
import type { Projection } from './projection';

const silent = { info: () => undefined, error: () => undefined };
const events = (stream: string, type: string, count: number): TestEvent[] =>
  Array.from({ length: count }, () => ({ stream, type, data: {} }));

/** A projection of its own event type that notes every position it is shown (no rows: nothing rolls back). */
function recorder(name: string, eventType: string, fail: (event: RecordedEvent) => boolean = () => false) {
  const seen: bigint[] = [];
  const projection: Projection = {
    name,
    tables: [],
    eventTypes: [eventType],
    apply: async (event) => {
      if (fail(event)) throw Object.assign(new Error('connection failure during the batch'), { code: '08006' });
      seen.push(event.position);
    },
  };
  return { projection, seen };
}

describe('runProjections', () => {
  const testbed = useExampleTalliesTestbed();
  const startAll = (projections: Projection[], batchSize?: number) =>
    startBackgroundRunner(testbed, projections, batchSize === undefined ? {} : { batchSize });
  beforeEach(async () => {
    await testbed.db.deleteFrom('projection_checkpoints').execute();
  });

  it('runs every registered projection to the head and drops checkpoints of unregistered ones', async () => {
    await writeCheckpoint(testbed.db, 'retired-projection', 5n);
    const head = await testbed.append([{ stream: 'tally-a', type: 'Counted', data: {} }]);
    const runner = startAll([exampleTalliesProjection, { ...exampleTalliesProjection, name: 'second-tallies' }]);
    await runner.untilAt(head);
    await runner.stop();
    const names = await testbed.db.selectFrom('projection_checkpoints').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['example-tallies', 'second-tallies']);
    expect(await readCheckpoint(testbed.db, 'second-tallies')).toBe(head);
  });

  it('refuses two projections with one name', async () => {
    const run = runProjections({
      db: testbed.db,
      store: testbed.store,
      projections: [exampleTalliesProjection, exampleTalliesProjection],
      logger: silent,
      signal: AbortSignal.abort(),
    });
    await expect(run).rejects.toThrow(/two projections are named example-tallies/);
  });

  it('reads the store once for all, and moves the checkpoints of projections a batch does not concern at once, notified', async () => {
    const { changes, end: endListening } = await listenToReadModelChanges(testbed);
    const first = recorder('first-recorder', 'First');
    const second = recorder('second-recorder', 'Second');
    const runner = startAll([first.projection, second.projection, exampleTalliesProjection]);
    const head = await testbed.append([...events('s', 'First', 3), ...events('s', 'Unknown', 2)]);
    await runner.untilAt(head);
    const live = await testbed.append(events('s', 'Second', 1));
    await runner.untilAt(live);
    await runner.stop();
    await endListening();
    expect(runner.subscriptions()).toBe(1);
    expect(first.seen).toHaveLength(3);
    expect(second.seen).toEqual([live]);
    // The tallies handle none of it: their checkpoint moved with the batches, each move notified.
    expect(await readCheckpoint(testbed.db, 'example-tallies')).toBe(live);
    const talliesAt = changes
      .filter((change) => change.projection === 'example-tallies')
      .map((change) => change.position);
    expect(talliesAt.at(-1)).toBe(live.toString());
    expect(changes.filter((change) => change.projection === 'second-recorder').at(-1)?.position).toBe(live.toString());
  });

  it('shows a projection behind the others every event after its own checkpoint, and the others nothing twice', async () => {
    const early = recorder('early-recorder', 'Noted');
    const first = await testbed.append(events('s', 'Noted', 5));
    const warmUp = startAll([early.projection]);
    await warmUp.untilAt(first);
    await warmUp.stop();
    const late = recorder('late-recorder', 'Noted');
    const head = await testbed.append(events('s', 'Noted', 4));
    const runner = startAll([early.projection, late.projection], 3);
    await runner.untilAt(head);
    await runner.stop();
    const all = (await testbed.readAll()).map((event) => event.position);
    expect(early.seen).toEqual(all);
    expect(late.seen).toEqual(all);
  });

  it('retries a batch one projection fails transiently, and neither it nor the others skip or repeat an event', async () => {
    let failuresLeft = 3;
    const flaky = recorder('flaky-recorder', 'Noted', (event) => event.position % 2n === 0n && failuresLeft-- > 0);
    const steady = recorder('steady-recorder', 'Noted');
    const head = await testbed.append(events('s', 'Noted', 9));
    const runner = startAll([flaky.projection, steady.projection], 4);
    await runner.untilAt(head);
    await runner.stop();
    const all = (await testbed.readAll()).map((event) => event.position);
    expect(failuresLeft).toBeLessThan(0);
    expect(flaky.seen).toEqual(all);
    expect(steady.seen).toEqual(all);
  });

  it('tells its state for the readiness probe: following, retrying after a failed pass, following again', async () => {
    let failuresLeft = 1;
    const flaky = recorder('flaky-recorder', 'Noted', () => failuresLeft-- > 0);
    const head = await testbed.append(events('s', 'Noted', 3));
    const states: string[] = [];
    const stopping = new AbortController();
    const running = runProjections({
      db: testbed.db,
      store: testbed.store,
      projections: [flaky.projection],
      logger: silent,
      signal: stopping.signal,
      retryDelayMs: () => 10,
      onState: (state) => states.push(state),
    });
    while ((await readCheckpoint(testbed.db, 'flaky-recorder')) < head) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stopping.abort();
    await running;

    expect(states).toEqual(['following', 'retrying', 'following']);
  });

  it('applies every event once when two processes run the same projections', async () => {
    const countEveryDelivery: Projection = {
      ...exampleTalliesProjection,
      apply: async (event, transaction) => {
        await sql`INSERT INTO example_tallies (stream, tally, last_revision) VALUES (${event.stream}, 1, ${event.revision})
          ON CONFLICT (stream) DO UPDATE SET tally = example_tallies.tally + 1`.execute(transaction);
      },
    };
    const idle = recorder('idle-recorder', 'Nothing');
    const head = await testbed.append([
      ...events('tally-a', 'Counted', 150),
      ...events('other', 'Unknown', 20),
      ...events('tally-b', 'Counted', 50),
      ...events('other', 'Unknown', 20),
    ]);
    const runners = [
      startAll([countEveryDelivery, idle.projection], 7),
      startAll([countEveryDelivery, idle.projection], 11),
    ];
    await Promise.all(runners.map((runner) => runner.untilAt(head)));
    await Promise.all(runners.map((runner) => runner.stop()));
    const rows = (await exampleTalliesSnapshot(testbed.db)) as { stream: string; tally: number }[];
    expect(rows.map((row) => [row.stream, row.tally])).toEqual([
      ['tally-a', 150],
      ['tally-b', 50],
    ]);
    expect(await readCheckpoint(testbed.db, 'idle-recorder')).toBe(head);
  });
});
