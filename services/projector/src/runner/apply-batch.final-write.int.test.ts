import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@oj/events';
import { applyBatch } from './apply-batch';
import { readCheckpoint } from './checkpoints';
import { writeLast, type BatchMode, type Projection } from './projection';
import {
  applyInTransaction,
  countingDbOf,
  deadLettersOf,
  listenToReadModelChanges,
  recordedEventOf as eventOf,
  useProjectionTestbed,
} from './testing/runner-harness';

const testbed = useProjectionTestbed();
const run = (projection: Projection, events: readonly RecordedEvent[], mode?: BatchMode) =>
  applyInTransaction(testbed, projection, events, mode);
const deadLetters = (projection: string) => deadLettersOf(testbed, projection);

describe('a final write (ApplyContext)', () => {
  /** The projection's writes land in projection_checkpoints rows named after it (a table every test has). */
  const written = (prefix: string) =>
    testbed.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .where('name', 'like', `${prefix}-%`)
      .execute()
      .then((rows) => rows.map((row) => `${row.name}@${row.position}`).sort());
  const countingDb = () => countingDbOf(testbed);
  /** Reads, writes one row at once and hands over its last write (a row per event, so a rerun is visible). */
  const finalWriter = (name: string, last: (event: RecordedEvent) => RawBuilder<unknown>): Projection => ({
    name,
    tables: [],
    eventTypes: ['Counted'],
    apply: async (event, transaction, context) => {
      await sql`SELECT 1`.execute(transaction);
      await transaction
        .insertInto('projection_checkpoints')
        .values({ name: `${name}-direct-${event.position}`, position: event.position })
        .execute();
      await writeLast(transaction, context, last(event));
      return [`${name}:${event.position}`];
    },
  });
  const insertRow = (name: string) => (event: RecordedEvent) =>
    sql`INSERT INTO projection_checkpoints (name, position) VALUES (${name}, ${event.position})`;

  it('is sent with the checkpoint, its NOTIFY and COMMIT: the batch is one round trip shorter', async () => {
    const listening = await listenToReadModelChanges(testbed);
    // A hostile name: its value is a literal of the commit's multi-statement query.
    const hostile = `final-sent-it's \\ $1 "x" 名`;
    const projection = finalWriter('final-sent', (event) => insertRow(`${hostile}-${event.position}`)(event));
    const { db, sent } = countingDb();
    expect(await applyBatch(db, projection, [eventOf('Counted', 61n)])).toMatchObject({ position: 61n });
    // BEGIN with the lock; the projection's read; its direct insert; its final write with the checkpoint.
    expect(sent).toHaveLength(4);
    expect(sent[3]).toMatch(/^INSERT INTO projection_checkpoints[^]*UPDATE public\.projection_checkpoints[^]*COMMIT$/u);
    expect(await written('final-sent')).toEqual([`final-sent-direct-61@61`, `${hostile}-61@61`]);
    expect(await readCheckpoint(testbed.db, 'final-sent')).toBe(61n);
    await listening.end();
    expect(listening.changes.filter((change) => change.projection === 'final-sent')).toEqual([
      { projection: 'final-sent', position: '61', topics: ['final-sent:61'] },
    ]);
  });

  it('runs before the projection is called again, and at once under savepoints and in a rebuild', async () => {
    const seen: string[] = [];
    const projection: Projection = {
      ...finalWriter('final-order', insertRow('final-order-x')),
      apply: async (event, transaction, context) => {
        // Each call reads what the one before handed over: it ran before this call.
        const row = await transaction
          .selectFrom('projection_checkpoints')
          .select('position')
          .where('name', '=', 'final-order-last')
          .executeTakeFirst();
        seen.push(`${event.position}:${row?.position ?? 'none'}`);
        await writeLast(
          transaction,
          context,
          sql`INSERT INTO projection_checkpoints (name, position) VALUES ('final-order-last', ${event.position})
            ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
        );
      },
    };
    await applyBatch(testbed.db, projection, [eventOf('Counted', 71n), eventOf('Counted', 72n)]);
    await run(projection, [eventOf('Counted', 73n)]);
    await run(projection, [eventOf('Counted', 74n)], 'replay');
    expect(seen).toEqual(['71:none', '72:71', '73:72', '74:73']);
    expect(await written('final-order')).toEqual(['final-order-last@74']);
  });

  it('failing for the event: the batch rolls back whole, runs again under savepoints, the event is quarantined', async () => {
    const listening = await listenToReadModelChanges(testbed);
    // The division fails when the statement runs, in the commit's round trip.
    const projection = finalWriter('final-fails', (event) =>
      event.position === 82n
        ? sql`INSERT INTO projection_checkpoints (name, position) VALUES ('final-fails-82', 1 / (${event.position} - 82))`
        : insertRow(`final-fails-${event.position}`)(event),
    );
    const outcome = await applyBatch(testbed.db, projection, [eventOf('Counted', 81n), eventOf('Counted', 82n)]);
    expect(outcome.quarantined).toMatchObject([{ position: 82n, error: expect.stringContaining('division by zero') }]);
    expect(await written('final-fails')).toEqual(['final-fails-81@81', 'final-fails-direct-81@81']);
    expect(await readCheckpoint(testbed.db, 'final-fails')).toBe(82n);
    await listening.end();
    expect(listening.changes.filter((change) => change.projection === 'final-fails')).toEqual([
      { projection: 'final-fails', position: '82', topics: ['final-fails:81'] },
    ]);
  });

  it('one event whose final write fails in the commit round trip: nothing of that try is kept', async () => {
    const { db, sent } = countingDb();
    const projection = finalWriter('final-alone', () => sql`SELECT 1 / 0`);
    const outcome = await applyBatch(db, projection, [eventOf('Counted', 91n)]);
    expect(outcome).toMatchObject({ position: 91n, appliedCount: 1, topics: [] });
    expect(outcome.quarantined).toMatchObject([{ position: 91n }]);
    // The first try sent the final write with the commit and was rolled back; the second ran it under a savepoint.
    expect(sent.filter((text) => /1 \/ 0/u.test(text))).toHaveLength(2);
    expect(sent.some((text) => /1 \/ 0[^]*COMMIT/u.test(text))).toBe(true);
    expect(await written('final-alone')).toEqual([]);
    expect(await deadLetters('final-alone')).toMatchObject([{ position: '91' }]);
  });

  it('with a failing checkpoint statement: rejects and keeps neither its rows nor the final write', async () => {
    const projection: Projection = {
      ...finalWriter('final-commit-fails', insertRow('final-commit-fails-x')),
      apply: async (event, transaction, context) => {
        await writeLast(transaction, context, insertRow(`final-commit-fails-${event.position}`)(event));
        return ['x'.repeat(9000)];
      },
    };
    await expect(applyBatch(testbed.db, projection, [eventOf('Counted', 95n)])).rejects.toThrow(/payload/);
    expect(await written('final-commit-fails')).toEqual([]);
    expect(await readCheckpoint(testbed.db, 'final-commit-fails')).toBe(0n);
  });
});
