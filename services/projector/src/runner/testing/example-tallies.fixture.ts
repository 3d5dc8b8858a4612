import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../projection';

/**
 * A tiny projection for the runner's own tests (never registered): per stream, how many `Counted`
 * events since the last `Reset`. Idempotent by remembering the last stream revision applied.
 */
export const exampleTalliesTable = 'example_tallies';

export async function createExampleTalliesTable(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS example_tallies (
    stream text PRIMARY KEY,
    tally integer NOT NULL,
    last_revision bigint NOT NULL
  )`.execute(db);
}

export const exampleTalliesSnapshot = async (db: Kysely<Database>): Promise<unknown> =>
  (await sql`SELECT stream, tally, last_revision FROM example_tallies ORDER BY stream`.execute(db)).rows;

async function applyTally(event: RecordedEvent, transaction: Kysely<Database>, tallyChange: 'increment' | 'reset') {
  const next = tallyChange === 'increment' ? sql`example_tallies.tally + 1` : sql`0`;
  await sql`INSERT INTO example_tallies (stream, tally, last_revision)
    VALUES (${event.stream}, ${tallyChange === 'increment' ? 1 : 0}, ${event.revision})
    ON CONFLICT (stream) DO UPDATE SET tally = ${next}, last_revision = excluded.last_revision
    WHERE example_tallies.last_revision < excluded.last_revision`.execute(transaction);
}

export const exampleTalliesProjection: Projection = {
  name: 'example-tallies',
  tables: [exampleTalliesTable],
  eventTypes: ['Counted', 'Reset'],
  apply: (event, transaction) => applyTally(event, transaction, event.type === 'Counted' ? 'increment' : 'reset'),
  topicsFor: (event) => [`tally:${event.stream}`],
};

/** The same rows without the revision guard: a duplicate delivery counts twice. The helpers must catch it. */
export const nonIdempotentTalliesProjection: Projection = {
  ...exampleTalliesProjection,
  name: 'non-idempotent-tallies',
  apply: async (event, transaction) => {
    const tally = event.type === 'Counted' ? sql`example_tallies.tally + 1` : sql`0`;
    await sql`INSERT INTO example_tallies (stream, tally, last_revision)
      VALUES (${event.stream}, ${event.type === 'Counted' ? 1 : 0}, ${event.revision})
      ON CONFLICT (stream) DO UPDATE SET tally = ${tally}, last_revision = excluded.last_revision`.execute(transaction);
  },
};
