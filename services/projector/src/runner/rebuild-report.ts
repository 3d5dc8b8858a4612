/** One row of a read-model table, as `to_jsonb` gives it. */
export type TableRow = Readonly<Record<string, unknown>>;

export type DiffKind = 'onlyInOld' | 'onlyInNew' | 'changed';

/** A row that differs: the old one, the rebuilt one, or both (a row whose key matched but whose values did not). */
export interface DiffExample {
  readonly kind: DiffKind;
  readonly old: TableRow | null;
  readonly new: TableRow | null;
}

/** One owned table, the live rows against the rebuilt ones, matched by primary key. */
export interface TableDiff {
  readonly table: string;
  readonly oldRows: number;
  readonly newRows: number;
  readonly onlyInOld: number;
  readonly onlyInNew: number;
  readonly changed: number;
  readonly examples: readonly DiffExample[];
}

/** What a browser rebuild reports at the end (stored as jsonb; `rebuildReportSchema` in @oj/contracts reads it). */
export interface RebuildReport {
  readonly identical: boolean;
  readonly eventCount: number;
  readonly position: string;
  readonly tables: readonly TableDiff[];
}

/** Examples per kind and table: enough to see what went wrong, small enough for a jsonb column and a page. */
export const examplesPerKind = 3;
/** A long text (a statement, a board row's json) is cut: the example shows which row, not all of it. */
const maxExampleTextLength = 120;

export function rebuildReportOf(eventCount: number, position: bigint, tables: readonly TableDiff[]): RebuildReport {
  const identical = tables.every((diff) => diff.onlyInOld === 0 && diff.onlyInNew === 0 && diff.changed === 0);
  return { identical, eventCount, position: position.toString(), tables };
}

export function shortenRow(row: TableRow | null): TableRow | null {
  if (row === null) return null;
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, shortenValue(value)]));
}

function shortenValue(value: unknown): unknown {
  const text =
    typeof value === 'string' ? value : value !== null && typeof value === 'object' ? JSON.stringify(value) : null;
  if (text === null || text.length <= maxExampleTextLength) return value;
  return `${Array.from(text).slice(0, maxExampleTextLength).join('')}…`;
}

/**
 * The reference semantics of the SQL diff (`diffTables`), in memory: rows are matched by `keyColumns` (the whole
 * row when there is no key, counted with multiplicity); a matched pair whose values differ is `changed`.
 */
export function diffRows(
  table: string,
  oldRows: readonly TableRow[],
  newRows: readonly TableRow[],
  keyColumns: readonly string[],
): TableDiff {
  const keyOf = (row: TableRow) =>
    JSON.stringify(keyColumns.length > 0 ? keyColumns.map((column) => row[column]) : canonical(row));
  const unmatchedNew = new Map<string, TableRow[]>();
  for (const row of newRows) unmatchedNew.set(keyOf(row), [...(unmatchedNew.get(keyOf(row)) ?? []), row]);
  const examples: DiffExample[] = [];
  const note = (example: DiffExample) => {
    if (examples.filter((kept) => kept.kind === example.kind).length < examplesPerKind) examples.push(example);
  };
  let onlyInOld = 0;
  let changed = 0;
  for (const row of oldRows) {
    const candidates = unmatchedNew.get(keyOf(row));
    const match = candidates?.shift();
    if (!match) {
      onlyInOld += 1;
      note({ kind: 'onlyInOld', old: row, new: null });
    } else if (JSON.stringify(canonical(match)) !== JSON.stringify(canonical(row))) {
      changed += 1;
      note({ kind: 'changed', old: row, new: match });
    }
  }
  const leftOver = [...unmatchedNew.values()].flat();
  for (const row of leftOver) note({ kind: 'onlyInNew', old: null, new: row });
  return {
    table,
    oldRows: oldRows.length,
    newRows: newRows.length,
    onlyInOld,
    onlyInNew: leftOver.length,
    changed,
    examples,
  };
}

/** Key order does not make two rows differ (jsonb sorts its keys too). */
function canonical(row: TableRow): [string, unknown][] {
  return Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
