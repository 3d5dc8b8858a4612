import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { RankedEntry } from './scoreboard-ranking';

/**
 * The contest rank as a spreadsheet (api-contest-training.md §1.2.7): sheet "rank", HOJ's column heads, one row per
 * ranked user in rank order. Rows are plain values (pure, unit-tested); `rankWorkbook` only lays them out.
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

/** The workbook of a sheet: a bold, frozen head row and columns wide enough for their text. */
export function rankWorkbook(sheet: RankSheet): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('rank', { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.addRow([...sheet.header]).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow([...row]);
  worksheet.columns.forEach((column, index) => {
    const widest = sheet.rows.reduce(
      (width, row) => Math.max(width, String(row[index] ?? '').length),
      (sheet.header[index] ?? '').length,
    );
    column.width = Math.min(Math.max(widest + 2, 6), 40);
  });
  return workbook;
}
