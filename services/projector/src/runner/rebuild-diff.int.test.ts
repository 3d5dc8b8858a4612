import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { diffTable } from './rebuild-diff';
import { diffRows, examplesPerKind, type TableRow } from './rebuild-report';
import { createProjectionTestbed, type ProjectionTestbed } from './testing/projection-testbed';

const schema = 'rebuild_diff_test';
const rowsArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 0, max: 40 }),
    tally: fc.integer({ min: 0, max: 2 }),
    note: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
  }),
  { selector: (row) => row.id, maxLength: 30 },
);

describe('diffTable', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
    await sql`CREATE TABLE diff_keyed (id integer PRIMARY KEY, tally integer NOT NULL, note text)`.execute(testbed.db);
    await sql`CREATE TABLE diff_keyless (id integer NOT NULL, tally integer NOT NULL, note text)`.execute(testbed.db);
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(testbed.db);
    for (const table of ['diff_keyed', 'diff_keyless']) {
      await sql`CREATE TABLE ${sql.id(schema, table)} (LIKE ${sql.id('public', table)} INCLUDING ALL)`.execute(
        testbed.db,
      );
    }
  });
  afterAll(async () => {
    await testbed.close();
  });

  const fill = async (table: string, before: readonly TableRow[], after: readonly TableRow[]) => {
    await sql`TRUNCATE ${sql.id('public', table)}, ${sql.id(schema, table)}`.execute(testbed.db);
    for (const [side, rows] of [
      ['public', before],
      [schema, after],
    ] as const) {
      for (const row of rows) {
        await sql`INSERT INTO ${sql.id(side, table)} (id, tally, note)
          VALUES (${row.id as number}, ${row.tally as number}, ${row.note as string | null})`.execute(testbed.db);
      }
    }
  };

  for (const [table, key] of [
    ['diff_keyed', ['id']],
    ['diff_keyless', []],
  ] as const) {
    it(`counts what the in-memory reference counts (${table})`, async () => {
      await fc.assert(
        fc.asyncProperty(rowsArbitrary, rowsArbitrary, async (before, after) => {
          await fill(table, before, after);
          const actual = await diffTable(testbed.db, schema, table);
          const expected = diffRows(table, before, after, key);
          const { examples: _actualExamples, ...actualCounts } = actual;
          const { examples: _expectedExamples, ...expectedCounts } = expected;
          expect(actualCounts).toEqual(expectedCounts);
          for (const kind of ['onlyInOld', 'onlyInNew', 'changed'] as const) {
            const ofKind = actual.examples.filter((example) => example.kind === kind);
            expect(ofKind).toHaveLength(Math.min(actual[kind], examplesPerKind));
            for (const example of ofKind) {
              if (example.old) expect(before).toContainEqual(example.old);
              if (example.new) expect(after).toContainEqual(example.new);
            }
          }
        }),
        { numRuns: 15 },
      );
    });
  }
});
