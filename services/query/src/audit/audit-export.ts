import { auditCsvColumns, type AuditChangeRow, type AuditEntryRow } from '@oj/contracts';

/** One entry per line: the page's row as JSON (application/x-ndjson). */
export async function* ndjsonLines(rows: AsyncIterable<AuditEntryRow>): AsyncGenerator<string> {
  for await (const row of rows) yield `${JSON.stringify(row)}\n`;
}

const changeText = (change: AuditChangeRow): string =>
  change.hidden ? `${change.field}: changed` : `${change.field}: ${change.before ?? '∅'} → ${change.after ?? '∅'}`;

/**
 * RFC 4180 quoting, and a leading `'` before a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR):
 * reasons, titles and usernames are typed by people, and an auditor opens the file in a spreadsheet.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const guarded = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) || guarded !== text ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

function csvRow(row: AuditEntryRow): string {
  const cells = auditCsvColumns.map((column) =>
    column === 'changes' ? csvCell(row.changes.map(changeText).join('; ')) : csvCell(row[column]),
  );
  return `${cells.join(',')}\r\n`;
}

/** A header line, then one line per entry (text/csv). */
export async function* csvLines(rows: AsyncIterable<AuditEntryRow>): AsyncGenerator<string> {
  yield `${auditCsvColumns.join(',')}\r\n`;
  for await (const row of rows) yield csvRow(row);
}
