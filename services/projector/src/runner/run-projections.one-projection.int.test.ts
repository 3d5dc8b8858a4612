import { describe, expect, it } from 'vitest';
import { contestStream } from '@oj/events';
import { aContestCreated } from '@oj/events/testing';
import { contestsProjection } from '../projections/contests/contests.projection';
import { applyBatch } from './apply-batch';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { exampleTalliesProjection, exampleTalliesSnapshot } from './testing/example-tallies.fixture';
import type { TestEvent } from './testing/projection-testbed';
import { listenToReadModelChanges, startBackgroundRunner, useExampleTalliesTestbed } from './testing/runner-harness';

const counted = (stream: string, count: number): TestEvent[] =>
  Array.from({ length: count }, () => ({ stream, type: 'Counted', data: {} }));

describe('runProjections with one projection', () => {
  const testbed = useExampleTalliesTestbed();
  const startRunner = (projection: Projection, options: { batchSize?: number } = {}) =>
    startBackgroundRunner(testbed, [projection], options);

  it('keeps no row and no checkpoint of a batch whose projection fails transiently midway', async () => {
    await testbed.append([...counted('tally-a', 1)]);
    await testbed.runToHead(exampleTalliesProjection);
    const before = {
      rows: await exampleTalliesSnapshot(testbed.db),
      checkpoint: await readCheckpoint(testbed.db, 'example-tallies'),
    };
    await testbed.append([...counted('tally-a', 2), ...counted('tally-b', 1), ...counted('tally-c', 1)]);
    await testbed.settledHead();
    const batch = await testbed.store.readAll({ fromPosition: before.checkpoint });
    const failing: Projection = {
      ...exampleTalliesProjection,
      apply: async (event, transaction) => {
        if (event.stream === 'tally-b') throw connectionLost();
        await exampleTalliesProjection.apply(event, transaction);
      },
    };
    await expect(applyBatch(testbed.db, failing, batch)).rejects.toThrow('connection failure');
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual(before.rows);
    expect(await readCheckpoint(testbed.db, 'example-tallies')).toBe(before.checkpoint);
  });

  it('catches up in batches of at most batchSize, then follows live appends', async () => {
    const head = await testbed.append(counted('tally-a', 120));
    const runner = startRunner(exampleTalliesProjection, { batchSize: 50 });
    await runner.until((outcome) => outcome.position === head);
    const caughtUp = runner.outcomes.length;
    expect(runner.outcomes.every((outcome) => outcome.appliedCount <= 50)).toBe(true);
    expect(caughtUp).toBeGreaterThanOrEqual(3);
    expect(caughtUp).toBeLessThan(120);
    const live = await testbed.append(counted('tally-b', 2));
    await runner.until((outcome) => outcome.position === live);
    await runner.stop();
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual([
      { stream: 'tally-a', tally: 120, last_revision: '119' },
      { stream: 'tally-b', tally: 2, last_revision: '1' },
    ]);
    expect(await readCheckpoint(testbed.db, 'example-tallies')).toBe(live);
  });

  it('notifies read_model_changed after commit with the position and topics', async () => {
    const { changes, end: endListening } = await listenToReadModelChanges(testbed);
    const head = await testbed.append([...counted('tally-a', 1), { stream: 'other', type: 'Ignored', data: {} }]);
    const runner = startRunner(exampleTalliesProjection);
    await runner.until((outcome) => outcome.position === head);
    await runner.stop();
    await endListening();
    const last = changes.at(-1);
    expect(last?.position).toBe(head.toString());
    expect(changes.flatMap((change) => change.topics)).toEqual(['tally:tally-a']);
  });

  it('retries an event that fails transiently (the database went away) with back-off and never skips it', async () => {
    let failuresLeft = 3;
    const flaky: Projection = {
      ...exampleTalliesProjection,
      apply: async (event, transaction) => {
        if (event.stream === 'tally-b' && failuresLeft > 0) {
          failuresLeft -= 1;
          throw connectionLost();
        }
        await exampleTalliesProjection.apply(event, transaction);
      },
    };
    const head = await testbed.append([...counted('tally-a', 2), ...counted('tally-b', 1), ...counted('tally-a', 1)]);
    const runner = startRunner(flaky);
    await runner.until((outcome) => outcome.position === head);
    await runner.stop();
    expect(runner.errors).toHaveLength(3);
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual([
      { stream: 'tally-a', tally: 3, last_revision: '2' },
      { stream: 'tally-b', tally: 1, last_revision: '0' },
    ]);
  });

  it('F5: a stored event that fails its schema is quarantined and the projection carries on', async () => {
    await testbed.reset(contestsProjection);
    const created = aContestCreated({ contestId: 41 });
    // Appended straight to the store, as the command side did before it checked the catalogue.
    const poisonAt = await testbed.append([
      {
        stream: contestStream(40),
        type: 'ContestCreated',
        data: { ...created, contestId: 40, settings: { ...created.settings, startAt: '+010000-01-01T00:00:00.000Z' } },
      },
    ]);
    const head = await testbed.append([{ stream: contestStream(41), type: 'ContestCreated', data: created }]);
    const runner = startRunner(contestsProjection);
    await runner.until((outcome) => outcome.position === head);
    await runner.stop();
    expect(runner.errors).toMatchObject([{ projection: 'contests', type: 'ContestCreated', position: poisonAt }]);
    const contests = await testbed.db.selectFrom('contests').select('contest_id').execute();
    expect(contests.map((row) => row.contest_id)).toEqual([41]);
    expect(await readCheckpoint(testbed.db, 'contests')).toBe(head);
    const deadLetters = await testbed.db.selectFrom('projection_dead_letters').selectAll().execute();
    expect(deadLetters).toMatchObject([
      {
        projection: 'contests',
        position: poisonAt.toString(),
        stream: contestStream(40),
        event_type: 'ContestCreated',
        error: expect.stringContaining('settings.startAt'),
      },
    ]);
  });
});

/** What node-postgres throws when the server drops the connection (SQLSTATE 08006). */
const connectionLost = () => Object.assign(new Error('connection failure during the batch'), { code: '08006' });
