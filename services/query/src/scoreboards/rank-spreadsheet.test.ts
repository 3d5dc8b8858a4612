import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { acmCellText, columnWidths, rankSheet, writeRankWorkbook } from './rank-spreadsheet';
import type { RankedEntry } from './scoreboard-ranking';

const ranked = (overrides: Partial<RankedEntry> & { uid: string }): RankedEntry => ({
  username: overrides.uid,
  realname: null,
  nickname: null,
  school: null,
  gender: null,
  avatar: null,
  ac: 0,
  totalScore: 0,
  totalTime: 0,
  total: 0,
  submissionInfo: {},
  timeInfo: null,
  rank: 1,
  isWinAward: false,
  awardName: null,
  awardBackground: null,
  awardColor: null,
  ...overrides,
});

describe('acmCellText', () => {
  it.each([
    [{ errorNum: 0, isAC: true, ACTime: 60 }, '+(1)'],
    [{ errorNum: 2, isAC: true, ACTime: 60, isFirstAC: true }, '+(3)'],
    [{ errorNum: 1, isAC: true, ACTime: 20000, isAfterContest: true }, '+(2)*'],
    [{ errorNum: 0, isAC: true, tryNum: 4 }, '+(1)'],
    [{ errorNum: 3 }, '-(3)'],
    [{ errorNum: 2, tryNum: 1 }, '-(2+1)'],
    [{ errorNum: 0, tryNum: 2 }, '?(2)'],
    [{ errorNum: 0 }, ''],
    [undefined, ''],
    ['not a cell', ''],
  ])('writes %j as "%s"', (cell, text) => {
    expect(acmCellText(cell)).toBe(text);
  });
});

describe('rankSheet', () => {
  it('lays out the ACM columns: rank ("*" for star users), names, totals, one cell per display id', () => {
    const sheet = rankSheet(
      [
        ranked({
          uid: 'alice',
          realname: 'Alice A.',
          nickname: 'ali',
          school: 'MIT',
          ac: 2,
          total: 5,
          totalTime: 4000,
          submissionInfo: { A: { errorNum: 1, isAC: true }, B: { errorNum: 0, isAC: true }, C: { errorNum: 2 } },
        }),
        ranked({ uid: 'star', rank: -1, ac: 1, total: 1, submissionInfo: { C: { errorNum: 0, tryNum: 1 } } }),
        ranked({ uid: 'bob', rank: 2 }),
      ],
      { type: 'ACM', displayIds: ['A', 'B', 'C'], rankShowName: 'nickname' },
    );
    expect(sheet.header).toEqual([
      'Rank',
      'Username',
      'ShowName',
      'Real Name',
      'School',
      'AC',
      'Total Submission',
      'Total Penalty Time',
      'A',
      'B',
      'C',
    ]);
    expect(sheet.rows).toEqual([
      [1, 'alice', 'ali', 'Alice A.', 'MIT', 2, 5, 4000, '+(2)', '+(1)', '-(2)'],
      ['*', 'star', 'star', null, null, 1, 1, 0, null, null, '?(1)'],
      [2, 'bob', 'bob', null, null, 0, 0, 0, null, null, null],
    ]);
  });

  it('lays out the OI columns: total score, then each problem score (empty when none)', () => {
    const sheet = rankSheet(
      [
        ranked({ uid: 'alice', realname: 'Alice', totalScore: 130, submissionInfo: { A: 100, B: 30 } }),
        ranked({ uid: 'bob', rank: 2, totalScore: 0, submissionInfo: { A: null, B: 0 } }),
      ],
      { type: 'OI', displayIds: ['A', 'B', 'C'], rankShowName: 'realname' },
    );
    expect(sheet.header).toEqual(['Rank', 'Username', 'ShowName', 'Real Name', 'School', 'Total Score', 'A', 'B', 'C']);
    expect(sheet.rows).toEqual([
      [1, 'alice', 'Alice', 'Alice', null, 130, 100, 30, null],
      [2, 'bob', 'bob', null, null, 0, null, 0, null],
    ]);
  });
});

describe('writeRankWorkbook', () => {
  it('streams an xlsx that reads back with the same cells in sheet "rank", and ends the stream', async () => {
    const sheet = rankSheet(
      [ranked({ uid: '张三', ac: 1, total: 2, totalTime: 1500, submissionInfo: { A: { errorNum: 1, isAC: true } } })],
      { type: 'ACM', displayIds: ['A', 'B'], rankShowName: 'username' },
    );
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => output.on('end', resolve));
    await writeRankWorkbook(sheet, output);
    await ended;
    const bytes = Buffer.concat(chunks);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const worksheet = read.getWorksheet('rank');
    expect(worksheet?.getRow(1).values).toEqual([
      undefined,
      'Rank',
      'Username',
      'ShowName',
      'Real Name',
      'School',
      'AC',
      'Total Submission',
      'Total Penalty Time',
      'A',
      'B',
    ]);
    expect(worksheet?.getRow(1).font?.bold).toBe(true);
    expect(worksheet?.getRow(2).values).toEqual([
      undefined,
      1,
      '张三',
      '张三',
      undefined,
      undefined,
      1,
      2,
      1500,
      '+(2)',
    ]);
    expect(worksheet?.rowCount).toBe(2);
  });
});

describe('columnWidths', () => {
  it('fits the longest text of each column, between 6 and 40 characters', () => {
    const sheet = { header: ['Rank', 'Username', 'School'], rows: [[1, 'a'.repeat(60), null]] };
    expect(columnWidths(sheet)).toEqual([6, 40, 8]);
  });
});
