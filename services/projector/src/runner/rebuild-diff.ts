import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  examplesPerKind,
  shortenRow,
  type DiffExample,
  type DiffKind,
  type TableDiff,
  type TableRow,
} from './rebuild-report';

/**
 * The live rows of `table` (schema public) against the rebuilt ones (schema `rebuildSchema`), in SQL so a big
 * board is compared where it lies: a FULL JOIN on the primary key, a pair whose `to_jsonb` differs is changed.
 * A table without a primary key is compared as a multiset of whole rows (so it has no "changed" rows).
 * Same semantics as `diffRows` (rebuild-report.ts), which the tests hold it to.
 */
export async function diffTable(db: Kysely<Database>, rebuildSchema: string, table: string): Promise<TableDiff> {
  const keyColumns = await primaryKeyOf(db, table);
  const join = keyColumns.length > 0 ? keyedJoin(rebuildSchema, table, keyColumns) : wholeRowJoin(rebuildSchema, table);
  const { rows } = await sql<{
    old_rows: string;
    new_rows: string;
    only_in_old: string;
    only_in_new: string;
    changed: string;
  }>`SELECT count(o.present) AS old_rows, count(n.present) AS new_rows,
      count(*) FILTER (WHERE n.present IS NULL) AS only_in_old,
      count(*) FILTER (WHERE o.present IS NULL) AS only_in_new,
      count(*) FILTER (WHERE o.present AND n.present AND o.r <> n.r) AS changed
    FROM ${join}`.execute(db);
  const counts = rows[0];
  const diff = {
    table,
    oldRows: Number(counts?.old_rows ?? 0),
    newRows: Number(counts?.new_rows ?? 0),
    onlyInOld: Number(counts?.only_in_old ?? 0),
    onlyInNew: Number(counts?.only_in_new ?? 0),
    changed: Number(counts?.changed ?? 0),
  };
  const examples: DiffExample[] = [];
  for (const kind of ['onlyInOld', 'onlyInNew', 'changed'] as const) {
    const count = diff[kind];
    if (count > 0) examples.push(...(await examplesOf(db, join, kind)));
  }
  return { ...diff, examples };
}

const conditionOf: Record<DiffKind, RawBuilder<unknown>> = {
  onlyInOld: sql`n.present IS NULL`,
  onlyInNew: sql`o.present IS NULL`,
  changed: sql`o.present AND n.present AND o.r <> n.r`,
};

async function examplesOf(db: Kysely<Database>, join: RawBuilder<unknown>, kind: DiffKind): Promise<DiffExample[]> {
  const { rows } = await sql<{ old: TableRow | null; new: TableRow | null }>`
    SELECT o.r AS old, n.r AS new FROM ${join} WHERE ${conditionOf[kind]} LIMIT ${examplesPerKind}`.execute(db);
  return rows.map((row) => ({ kind, old: shortenRow(row.old), new: shortenRow(row.new) }));
}

/** Each side as (key columns…, r = the row as jsonb, present = true), joined on the key. */
function keyedJoin(rebuildSchema: string, table: string, keyColumns: readonly string[]): RawBuilder<unknown> {
  const side = (schema: string) =>
    sql`(SELECT ${sql.join(keyColumns.map((column) => sql.ref(`t.${column}`)))}, to_jsonb(t) AS r, true AS present
      FROM ${sql.id(schema, table)} t)`;
  const on = sql.join(
    keyColumns.map((column) => sql`o.${sql.id(column)} = n.${sql.id(column)}`),
    sql` AND `,
  );
  return sql`${side('public')} o FULL JOIN ${side(rebuildSchema)} n ON ${on}`;
}

/** Without a key, equal rows pair off by their rank among equals, so duplicates count as often as they occur. */
function wholeRowJoin(rebuildSchema: string, table: string): RawBuilder<unknown> {
  const side = (schema: string) =>
    sql`(SELECT to_jsonb(t) AS r, row_number() OVER (PARTITION BY to_jsonb(t)) AS k, true AS present
      FROM ${sql.id(schema, table)} t)`;
  return sql`${side('public')} o FULL JOIN ${side(rebuildSchema)} n ON o.r = n.r AND o.k = n.k`;
}

async function primaryKeyOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT a.attname AS column_name
    FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
    WHERE i.indrelid = format('%I.%I', 'public', ${table}::text)::regclass AND i.indisprimary
    ORDER BY array_position(i.indkey::int2[], a.attnum)`.execute(db);
  return rows.map((row) => row.column_name);
}
