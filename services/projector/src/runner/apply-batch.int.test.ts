import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@oj/events';
import { applyBatch } from './apply-batch';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import type { BatchMode, Projection } from './projection';
import {
  applyInTransaction,
  deadLettersOf,
  listenToReadModelChanges,
  recordedEventOf as eventOf,
  useProjectionTestbed,
} from './testing/runner-harness';

describe('applyEvents', () => {
  const testbed = useProjectionTestbed();
  const run = (projection: Projection, events: readonly RecordedEvent[], mode?: BatchMode) =>
    applyInTransaction(testbed, projection, events, mode);
  const deadLetters = (projection: string) => deadLettersOf(testbed, projection);

  const events = [eventOf('Counted', 1n), eventOf('Other', 2n), eventOf('Counted', 3n)];

  it('hands a projection with applyBatch its handled events in one call, in order, with the mode', async () => {
    const calls: string[][] = [];
    const projection: Projection = {
      name: 'batched',
      tables: [],
      eventTypes: ['Counted'],
      apply: () => Promise.reject(new Error('apply must not be called')),
      applyBatch: async (batch, _transaction, mode) => {
        calls.push([mode ?? 'none', ...batch.map((event) => event.position.toString())]);
      },
      topicsFor: (event) => [`topic:${event.position}`],
    };
    expect(await run(projection, events)).toEqual({
      topics: ['topic:1', 'topic:3'],
      quarantined: [],
      finalWrite: null,
    });
    await run(projection, events, 'replay');
    expect(calls).toEqual([
      ['live', '1', '3'],
      ['replay', '1', '3'],
    ]);
  });

  it('notifies the topics apply and applyBatch return beside topicsFor, and none of a quarantined event', async () => {
    const oneByOne: Projection = {
      name: 'returns-topics',
      tables: [],
      eventTypes: ['Counted'],
      apply: async (event) => {
        if (event.position === 3n) throw new Error('poison');
        return [`changed:${event.position}`];
      },
      topicsFor: (event) => [`event:${event.position}`],
    };
    expect((await run(oneByOne, events)).topics).toEqual(['changed:1', 'event:1']);
    const batched: Projection = {
      ...oneByOne,
      name: 'returns-batch-topics',
      apply: () => Promise.reject(new Error('apply must not be called')),
      applyBatch: async (batch) => [`batch:${batch.length}`],
      topicsFor: undefined,
    };
    expect((await run(batched, events)).topics).toEqual(['batch:2']);
  });

  it('calls apply per handled event otherwise, and neither when nothing is handled', async () => {
    const applied: bigint[] = [];
    const projection: Projection = {
      name: 'one-by-one',
      tables: [],
      eventTypes: ['Counted'],
      apply: async (event) => {
        applied.push(event.position);
      },
    };
    expect(await run(projection, events)).toEqual({ topics: [], quarantined: [], finalWrite: null });
    expect(applied).toEqual([1n, 3n]);
    await run({ ...projection, applyBatch: () => Promise.reject(new Error('empty')) }, [eventOf('Other', 4n)]);
  });

  it('F5: quarantines a handled event that fails its catalogue schema and applies the rest', async () => {
    const applied: bigint[] = [];
    const projection: Projection = {
      name: 'contest-watcher',
      tables: [],
      eventTypes: ['ContestDeleted'],
      apply: async (event) => {
        applied.push(event.position);
      },
    };
    const deleted = { contestId: 7, deletedBy: 'u1', deletedAt: '2026-01-10T10:00:00.000Z' };
    const outcome = await run(projection, [
      eventOf('ContestDeleted', 11n, { ...deleted, deletedAt: '+010000-01-01T00:00:00.000Z' }),
      eventOf('ContestDeleted', 12n, deleted),
    ]);
    expect(applied).toEqual([12n]);
    expect(outcome.quarantined).toMatchObject([{ type: 'ContestDeleted', position: 11n }]);
    expect(await deadLetters('contest-watcher')).toMatchObject([
      { event_type: 'ContestDeleted', position: '11', error: expect.stringContaining('deletedAt') },
    ]);
  });

  it('F5: quarantines the one event whose apply throws, keeps none of its writes, and applies the others', async () => {
    const projection: Projection = {
      name: 'picky-batch',
      tables: [],
      eventTypes: ['Counted'],
      apply: () => Promise.reject(new Error('apply must not be called')),
      applyBatch: async (batch, transaction) => {
        for (const event of batch) {
          await transaction
            .insertInto('projection_checkpoints')
            .values({ name: `picky-${event.position}`, position: event.position })
            .execute();
          if (event.position === 22n) throw new TypeError('cannot read properties of undefined');
        }
      },
    };
    const outcome = await run(projection, [eventOf('Counted', 21n), eventOf('Counted', 22n), eventOf('Counted', 23n)]);
    expect(outcome.quarantined).toMatchObject([{ position: 22n, error: expect.stringContaining('TypeError') }]);
    const written = await testbed.db
      .selectFrom('projection_checkpoints')
      .select('name')
      .where('name', 'like', 'picky-%')
      .orderBy('name')
      .execute();
    expect(written.map((row) => row.name)).toEqual(['picky-21', 'picky-23']);
    expect(await deadLetters('picky-batch')).toMatchObject([{ position: '22' }]);
  });

  it('applyBatch applies only what lies past the checkpoint, whoever moved it, and notifies each payload verbatim', async () => {
    const listening = await listenToReadModelChanges(testbed);
    const applied: bigint[] = [];
    // Quotes and backslashes in a topic: the payload travels as a literal of the commit's multi-statement query.
    const topicOf = (position: bigint) => `it's \\ "${position}"`;
    const redelivered: Projection = {
      name: 'redelivered',
      tables: [],
      eventTypes: ['Counted'],
      apply: () => Promise.reject(new Error('the batch is handed over whole')),
      applyBatch: async (batch) => {
        applied.push(...batch.map((event) => event.position));
        return batch.map((event) => topicOf(event.position));
      },
    };
    const counted = (...positions: bigint[]) => positions.map((position) => eventOf('Counted', position));
    expect(await applyBatch(testbed.db, redelivered, counted(41n, 42n))).toMatchObject({
      position: 42n,
      appliedCount: 2,
    });
    // Another writer (a second projector, a rebuild's swap) moved the checkpoint past the next batch's start.
    await writeCheckpoint(testbed.db, 'redelivered', 43n);
    expect(await applyBatch(testbed.db, redelivered, counted(42n, 43n, 44n))).toMatchObject({
      position: 44n,
      appliedCount: 1,
    });
    expect(await applyBatch(testbed.db, redelivered, counted(44n))).toMatchObject({ position: 44n, appliedCount: 0 });
    await listening.end();
    expect(applied).toEqual([41n, 42n, 44n]);
    expect(await readCheckpoint(testbed.db, 'redelivered')).toBe(44n);
    expect(listening.changes.filter((change) => change.projection === 'redelivered')).toEqual([
      { projection: 'redelivered', position: '42', topics: [topicOf(41n), topicOf(42n)] },
      { projection: 'redelivered', position: '44', topics: [topicOf(44n)] },
    ]);
  });

  it('applyBatch keeps neither rows nor checkpoint when its commit statement fails', async () => {
    const projection: Projection = {
      name: 'commit-fails',
      tables: [],
      eventTypes: ['Counted'],
      apply: async (event, transaction) => {
        await transaction
          .insertInto('projection_checkpoints')
          .values({ name: `commit-fails-${event.position}`, position: event.position })
          .execute();
        // A payload over pg_notify's 8,000 bytes fails the statement that moves the checkpoint and notifies.
        return ['x'.repeat(9000)];
      },
    };
    await expect(applyBatch(testbed.db, projection, [eventOf('Counted', 51n)])).rejects.toThrow(/payload/);
    const written = await testbed.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .where('name', 'like', 'commit-fails%')
      .execute();
    expect(written).toEqual([]);
  });

  it('throws a transient failure on (a lost connection is retried, never quarantined)', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const projection: Projection = {
      name: 'offline',
      tables: [],
      eventTypes: ['Counted'],
      apply: () => Promise.reject(lost),
    };
    await expect(run(projection, [eventOf('Counted', 31n)])).rejects.toBe(lost);
    expect(await deadLetters('offline')).toEqual([]);
  });
});
