import type { Writable } from 'node:stream';
import { z } from 'zod';
import type { RankedEntry } from './scoreboard-ranking';

/**
 * The contest rank as a spreadsheet (api-contest-training.md §1.2.7): sheet "rank", HOJ's column heads, one row per
 * ranked user in rank order. Rows are plain values (pure, unit-tested); `writeRankWorkbook` only lays them out.
 */

export interface RankSheetLayout {
  readonly type: 'ACM' | 'OI';
  /** The contest's display ids in ascending order: one column each. */
  readonly displayIds: readonly string[];
  readonly rankShowName: 'username' | 'nickname' | 'realname';
}

/** A cell of the sheet; null leaves it empty. */
export type SheetValue = string | number | null;

export interface RankSheet {
  readonly header: readonly string[];
  readonly rows: readonly (readonly SheetValue[])[];
}

const acmCellSchema = z.object({
  errorNum: z.number().int().nonnegative().catch(0),
  isAC: z.boolean().optional().catch(undefined),
  isAfterContest: z.boolean().optional().catch(undefined),
  tryNum: z.number().int().nonnegative().optional().catch(undefined),
});

/**
 * An ACM cell as text: "+(n)" solved on try n ("*" after it when solved after the contest), "-(e)" e penalised
 * tries, "-(e+t)" and "?(t)" with t tries hidden by the seal, empty when nothing counts (no record, or only CE).
 */
export function acmCellText(cell: unknown): string {
  if (cell === undefined || cell === null) return '';
  const parsed = acmCellSchema.safeParse(cell);
  if (!parsed.success) return '';
  const { errorNum, isAC, isAfterContest, tryNum = 0 } = parsed.data;
  if (isAC) return `+(${errorNum + 1})${isAfterContest ? '*' : ''}`;
  if (errorNum > 0 && tryNum > 0) return `-(${errorNum}+${tryNum})`;
  if (errorNum > 0) return `-(${errorNum})`;
  if (tryNum > 0) return `?(${tryNum})`;
  return '';
}

const oiScore = (value: unknown): SheetValue => (typeof value === 'number' ? value : null);

/** The name the board shows: per `rankShowName`, the username when that one is blank (§2.12). */
const shownName = (entry: RankedEntry, rankShowName: RankSheetLayout['rankShowName']) => {
  const chosen = rankShowName === 'nickname' ? entry.nickname : rankShowName === 'realname' ? entry.realname : null;
  return chosen?.trim() ? chosen : entry.username;
};

export function rankSheet(ranked: readonly RankedEntry[], layout: RankSheetLayout): RankSheet {
  const totals = layout.type === 'ACM' ? ['AC', 'Total Submission', 'Total Penalty Time'] : ['Total Score'];
  const header = ['Rank', 'Username', 'ShowName', 'Real Name', 'School', ...totals, ...layout.displayIds];
  const rows = ranked.map((entry) => {
    const person = [
      entry.rank === -1 ? '*' : entry.rank,
      entry.username,
      shownName(entry, layout.rankShowName),
      entry.realname,
      entry.school,
    ];
    const cells = layout.displayIds.map((displayId) =>
      layout.type === 'ACM'
        ? acmCellText(entry.submissionInfo[displayId]) || null
        : oiScore(entry.submissionInfo[displayId]),
    );
    const sums = layout.type === 'ACM' ? [entry.ac, entry.total, entry.totalTime] : [entry.totalScore];
    return [...person, ...sums, ...cells];
  });
  return { header, rows };
}

/** Column widths that fit each column's longest text, within 6 to 40 characters. */
export function columnWidths(sheet: RankSheet): number[] {
  return sheet.header.map((title, index) => {
    const widest = sheet.rows.reduce((width, row) => Math.max(width, String(row[index] ?? '').length), title.length);
    return Math.min(Math.max(widest + 2, 6), 40);
  });
}

/**
 * Streams the sheet as an xlsx into `output` (ended when done), row by row: exceljs's streaming writer holds neither
 * the whole workbook model nor the file (a third of the time and memory of the in-memory workbook at 10,000 rows).
 * exceljs is loaded on the first download, not at boot: evaluating it was the largest part of the API process's
 * start (0.4 s of CPU on a slow day), on the path of every restart.
 */
export async function writeRankWorkbook(sheet: RankSheet, output: Writable): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: true, useStyles: true });
  const worksheet = workbook.addWorksheet('rank', { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columnWidths(sheet).map((width) => ({ width }));
  const head = worksheet.addRow([...sheet.header]);
  head.font = { bold: true };
  head.commit();
  for (const row of sheet.rows) worksheet.addRow([...row]).commit();
  worksheet.commit();
  await workbook.commit();
}
