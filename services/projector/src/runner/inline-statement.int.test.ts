import fc from 'fast-check';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inlinedStatement, literalOf } from './inline-statement';
import { createProjectionTestbed, type ProjectionTestbed } from './testing/projection-testbed';

/** What a hostile username can hold: quotes, backslashes, placeholders, dollar quotes, comments, braces, unicode. */
const hostile = [
  "'",
  "''",
  "it's",
  '\\',
  "\\'",
  "'\\",
  "\\'; DROP TABLE projection_checkpoints; --",
  "'); DROP TABLE projection_checkpoints; --",
  '$1',
  '$$',
  '$x$ $x$',
  "E'\\x41'",
  '--',
  '/*',
  '"',
  '{a,b}',
  'NULL',
  '',
  ' ',
  '用户名',
  '👩‍💻',
  '\u202Eevil',
];
const hostileText = fc.oneof(
  fc.constantFrom(...hostile),
  fc.string({ unit: 'binary' }).filter((text) => !text.includes('\0')),
  fc
    .array(fc.constantFrom("'", '\\', '$', '1', '"', '{', '}', ',', ';', 'E', 'x', '\n'), { maxLength: 12 })
    .map((chars) => chars.join('')),
);

describe('inlinedStatement', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  /** Runs the inlined text alone (no parameters), with standard_conforming_strings as given. */
  const runInlined = async <Row extends object>(statement: RawBuilder<Row>, conforming: boolean) => {
    const text = inlinedStatement(testbed.db, statement);
    const client = await testbed.pool.connect();
    try {
      await client.query(`SET standard_conforming_strings = ${conforming ? 'on' : 'off'}`);
      return { rows: (await client.query<Row>(text)).rows };
    } finally {
      await client.query('RESET standard_conforming_strings').finally(() => client.release());
    }
  };

  it('reads back every text value as it was, whatever standard_conforming_strings says', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, fc.boolean(), async (value, conforming) => {
        const { rows } = await runInlined(sql<{ v: string }>`SELECT ${value}::text AS v`, conforming);
        expect(rows).toEqual([{ v: value }]);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back arrays, numbers, bigints, null and timestamps as the same statement with parameters does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(hostileText, { nil: null })),
        fc.array(fc.integer()),
        fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
        fc.option(fc.integer(), { nil: null }),
        fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.boolean(),
        async (texts, numbers, position, maybe, at, conforming) => {
          const statement = sql<Record<string, unknown>>`SELECT ${texts}::text[] AS texts, ${numbers}::int[] AS numbers,
            ${position}::bigint AS position, ${maybe}::int AS maybe, ${at.toISOString()}::timestamptz AS at`;
          const { rows } = await runInlined(statement, conforming);
          expect(rows).toEqual((await statement.execute(testbed.db)).rows);
          expect(rows).toEqual([{ texts, numbers, position: String(position), maybe, at }]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes a hostile value into a table as data, never as SQL', async () => {
    for (const [index, name] of hostile.entries()) {
      const text = inlinedStatement(
        testbed.db,
        sql`INSERT INTO projection_checkpoints (name, position) VALUES (${`inline-${index}-${name}`}, ${index})`,
      );
      await testbed.pool.query(text);
    }
    const stored = await testbed.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .where('name', 'like', 'inline-%')
      .execute();
    expect(new Set(stored.map((row) => row.name))).toEqual(new Set(hostile.map((name, i) => `inline-${i}-${name}`)));
  });

  it('refuses a NUL (PostgreSQL text cannot hold it, and the query text must not be cut)', () => {
    expect(() => literalOf('a\0b')).toThrow(/NUL/u);
    expect(() => inlinedStatement(testbed.db, sql`SELECT ${['ok', 'a\0b']}::text[]`)).toThrow(/NUL/u);
    expect(literalOf(null)).toBe('NULL');
    expect(literalOf(42n)).toBe("'42'");
  });
});
