import { describe, expect, it } from 'vitest';
import { acmCellView, chartRows, displayName, pinnedRowCount } from './scoreboard-cells';

describe('acmCellView', () => {
  it('shows a solved cell in whole minutes with errorNum + 1 tries (worked example 2.21.1)', () => {
    expect(acmCellView({ errorNum: 1, isAC: true, ACTime: 1800 })).toEqual({
      kind: 'ac',
      minutes: '30',
      tries: { label: '2', count: 2 },
    });
    expect(acmCellView({ errorNum: 0, isAC: true, ACTime: 4200, isFirstAC: true }).kind).toBe('firstAc');
  });

  it('shows a star for an after-contest solve', () => {
    expect(acmCellView({ errorNum: 0, isAC: true, ACTime: 9000, isAfterContest: true }).minutes).toBe('*');
  });

  it('shows sealed tries as e+t (worked example 2.21.2)', () => {
    expect(acmCellView({ errorNum: 1, tryNum: 1 }).tries).toEqual({ label: '1+1', count: 2 });
    expect(acmCellView({ errorNum: 0, tryNum: 2 }).tries).toEqual({ label: '2', count: 2 });
    expect(acmCellView({ errorNum: 0, tryNum: 1 }).kind).toBe('sealed');
  });

  it('shows wrong tries, and nothing for a cell with only free attempts', () => {
    expect(acmCellView({ errorNum: 1 }).kind).toBe('wrong');
    expect(acmCellView({ errorNum: 0 }).kind).toBe('empty');
    expect(acmCellView(undefined).kind).toBe('empty');
  });
});

describe('displayName', () => {
  it('follows rankShowName and falls back to the username when blank', () => {
    const row = { username: 'alice', nickname: 'Al', realname: ' ' };
    expect(displayName(row, 'nickname')).toBe('Al');
    expect(displayName(row, 'realname')).toBe('alice');
    expect(displayName(row, null)).toBe('alice');
  });
});

describe('chartRows', () => {
  it('skips the pinned rows and keeps ten', () => {
    const rows = Array.from({ length: 15 }, (_, index) => ({ uid: String(index) }));
    expect(chartRows(rows, 2).map((row) => row.uid)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });
});

describe('pinnedRowCount', () => {
  const rows = (...uids: string[]) => uids.map((uid) => ({ uid }));

  it('counts the leading rows that appear again further down (own row, then followed users)', () => {
    expect(pinnedRowCount(rows('alice', 'bob', 'bob', 'carol', 'alice'))).toBe(2);
  });

  it('counts none on a page without copies, or with a single row', () => {
    expect(pinnedRowCount(rows('bob', 'alice'))).toBe(0);
    expect(pinnedRowCount(rows('alice'))).toBe(0);
    expect(pinnedRowCount([])).toBe(0);
  });
});
