import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applyBatch } from './apply-batch';
import { lockProjection, readCheckpoint, writeCheckpoint } from './checkpoints';
import { writeLast, type Projection } from './projection';
import {
  countingDbOf,
  deadLettersOf,
  recordedEventOf as eventOf,
  useProjectionTestbed,
} from './testing/runner-harness';

const testbed = useProjectionTestbed();

describe('a read ahead (Projection.prefetch)', () => {
  /** Rows of projection_checkpoints (a table every test has) whose name starts with `prefix`, as `name@position`. */
  const rowsLike = (prefix: string) =>
    sql<{ name: string; position: string }>`SELECT name, position FROM projection_checkpoints
      WHERE starts_with(name, ${prefix}) ORDER BY name`;
  const shown = (rows: readonly unknown[] | undefined) =>
    rows && (rows as { name: string; position: string }[]).map((row) => `${row.name}@${row.position}`);

  /**
   * Reads ahead the rows named after it, records what `prefetched` gave each call (and a second call) beside what
   * it reads for itself, and writes one row per event last.
   */
  const reader = (name: string, prefetch: NonNullable<Projection['prefetch']> = () => rowsLike(`${name}-`)) => {
    const seen: { position: bigint; ahead: string[] | undefined; again: string[] | undefined; read: string[] }[] = [];
    const projection: Projection = {
      name,
      tables: [],
      eventTypes: ['Counted'],
      prefetch,
      apply: async (event, transaction, context) => {
        const ahead = shown(context?.prefetched(event));
        const again = shown(context?.prefetched(event));
        const read = shown((await rowsLike(`${name}-`).execute(transaction)).rows) ?? [];
        seen.push({ position: event.position, ahead, again, read });
        await writeLast(
          transaction,
          context,
          sql`INSERT INTO projection_checkpoints (name, position) VALUES (${`${name}-${event.position}`}, ${event.position})`,
        );
        return [];
      },
    };
    return { projection, seen };
  };

  it('goes with BEGIN and the lock: a batch of one event is two round trips, its rows handed once', async () => {
    // A hostile name: the read's values are literals of the multi-statement query.
    const name = `ahead-it's \\ $1 "x" 名`;
    await writeCheckpoint(testbed.db, `${name}-seed`, 5n);
    const { projection, seen } = reader(name);
    const { db, sent } = countingDbOf(testbed);
    // The projection's own read in `apply` is the test's check, one statement more than a real projection sends.
    expect(await applyBatch(db, projection, [eventOf('Counted', 11n)])).toMatchObject({ position: 11n });
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(
      /^BEGIN;[^]*lock_projection_batch\([^]*\);\nSELECT name, position FROM projection_checkpoints/u,
    );
    expect(sent[2]).toMatch(/^INSERT INTO projection_checkpoints[^]*COMMIT$/u);
    expect(seen).toEqual([{ position: 11n, ahead: [`${name}-seed@5`], again: undefined, read: [`${name}-seed@5`] }]);
    expect(shown((await rowsLike(`${name}-`).execute(testbed.db)).rows)).toEqual([`${name}-11@11`, `${name}-seed@5`]);
    expect(await readCheckpoint(testbed.db, name)).toBe(11n);
  });

  it('runs after the lock: it sees what another writer of the projection committed while the batch waited', async () => {
    const { projection, seen } = reader('ahead-waits');
    let applied: Promise<unknown> | undefined;
    await testbed.db.connection().execute(async (other) => {
      await sql`BEGIN`.execute(other);
      await lockProjection(other, 'ahead-waits');
      await writeCheckpoint(other, 'ahead-waits-other', 3n);
      applied = applyBatch(testbed.db, projection, [eventOf('Counted', 21n)]);
      // The batch's BEGIN, lock and read are one statement: it waits on the lock until this commits.
      await waitUntilWaitingOnLock();
      await sql`COMMIT`.execute(other);
    });
    await applied;
    expect(seen).toEqual([
      { position: 21n, ahead: ['ahead-waits-other@3'], again: undefined, read: ['ahead-waits-other@3'] },
    ]);
  });

  it('is not sent for a batch of several events, nor when the checkpoint is already past the event', async () => {
    const { projection, seen } = reader('ahead-not');
    await applyBatch(testbed.db, projection, [eventOf('Counted', 31n), eventOf('Counted', 32n)]);
    await writeCheckpoint(testbed.db, 'ahead-not', 40n);
    await applyBatch(testbed.db, projection, [eventOf('Counted', 35n), eventOf('Counted', 41n)]);
    expect(seen.map(({ position, ahead }) => ({ position, ahead }))).toEqual([
      { position: 31n, ahead: undefined },
      { position: 32n, ahead: undefined },
      { position: 41n, ahead: undefined },
    ]);
    // One event the checkpoint covers: the batch begins again without the read and applies nothing.
    const { db, sent } = countingDbOf(testbed);
    expect(await applyBatch(db, projection, [eventOf('Counted', 40n)])).toMatchObject({ appliedCount: 0 });
    expect(sent.filter((text) => text.includes('SELECT name, position'))).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('is never handed for another event, nor for an event it was not read for', async () => {
    const { projection, seen } = reader('ahead-other');
    const other = eventOf('Counted', 51n);
    const guarded: Projection = {
      ...projection,
      apply: async (event, transaction, context) => {
        expect(context?.prefetched({ ...other, position: 50n })).toBeUndefined();
        return projection.apply(event, transaction, context);
      },
    };
    await applyBatch(testbed.db, guarded, [other]);
    // The wrong event took the rows: handed once, they are gone for the right one too.
    expect(seen.map(({ ahead }) => ahead)).toEqual([undefined]);
  });

  it('failing to build or to run costs nothing: the batch is applied, apply reads itself, nothing quarantined', async () => {
    const missing = reader('ahead-missing', () => sql`SELECT * FROM no_such_table_here`);
    const broken = reader('ahead-broken', () => sql`SELECT 1 / 0`);
    const throwing = reader('ahead-throws', () => {
      throw new Error('a read ahead that cannot be built');
    });
    for (const { projection } of [missing, broken, throwing]) {
      await writeCheckpoint(testbed.db, `${projection.name}-seed`, 1n);
      expect(await applyBatch(testbed.db, projection, [eventOf('Counted', 61n)])).toMatchObject({
        position: 61n,
        appliedCount: 1,
        quarantined: [],
      });
      expect(await deadLettersOf(testbed, projection.name)).toEqual([]);
    }
    for (const { projection, seen } of [missing, broken, throwing]) {
      expect(seen).toEqual([
        { position: 61n, ahead: undefined, again: undefined, read: [`${projection.name}-seed@1`] },
      ]);
    }
  });

  it('is left out for an event type the projection does not handle', async () => {
    let built = 0;
    const { projection, seen } = reader('ahead-unhandled', (event) => {
      built += 1;
      return rowsLike(`ahead-unhandled-${event.type}`);
    });
    await applyBatch(testbed.db, projection, [eventOf('Ignored', 71n)]);
    await applyBatch(testbed.db, projection, [eventOf('Counted', 72n)]);
    expect(built).toBe(1);
    expect(seen).toEqual([{ position: 72n, ahead: [], again: undefined, read: [] }]);
  });

  /** Resolves once some backend of the test database waits on a lock (the batch's BEGIN-and-lock statement). */
  async function waitUntilWaitingOnLock(): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(testbed.db);
      if ((rows[0]?.waiting ?? 0) > 0) return;
      await sql`SELECT pg_sleep(0.005)`.execute(testbed.db);
    }
  }
});
