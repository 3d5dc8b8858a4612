import type { AcmCell, RankRow } from './api/rank-schemas';

export type AcmCellKind = 'afterContestAc' | 'firstAc' | 'ac' | 'sealed' | 'wrong' | 'empty';

export type AcmCellView = {
  kind: AcmCellKind;
  /** Solve time in whole minutes, '*' for an after-contest solve; null when unsolved. */
  minutes: string | null;
  /** The tries label ("2", "1+1") and the count that picks "try" or "tries". */
  tries: { label: string; count: number } | null;
};

/** Reference §2.7 client display: minutes = floor(ACTime / 60), tries = errorNum + 1 on a solved cell. */
export const acmCellView = (cell: AcmCell | undefined): AcmCellView => {
  if (!cell) return { kind: 'empty', minutes: null, tries: null };
  const errors = cell.errorNum;
  if (cell.isAC) {
    const count = errors + 1;
    const kind = cell.isAfterContest ? 'afterContestAc' : cell.isFirstAC ? 'firstAc' : 'ac';
    const minutes = cell.isAfterContest ? '*' : String(Math.floor((cell.ACTime ?? 0) / 60));
    return { kind, minutes, tries: { label: String(count), count } };
  }
  const sealedTries = cell.tryNum ?? 0;
  if (sealedTries > 0) {
    // Reference §2.21.2: "1+1 tries" when there were penalised tries before the seal, else "2 tries".
    const label = errors > 0 ? `${errors}+${sealedTries}` : String(sealedTries);
    return { kind: 'sealed', minutes: null, tries: { label, count: errors + sealedTries } };
  }
  if (errors > 0) return { kind: 'wrong', minutes: null, tries: { label: String(errors), count: errors } };
  return { kind: 'empty', minutes: null, tries: null };
};

export const acmCellColors: Record<AcmCellKind, { background: string; color: string }> = {
  afterContestAc: { background: '#e6bf25', color: '#fff' },
  firstAc: { background: '#1f7a3a', color: '#fff' },
  ac: { background: '#a9e5b5', color: '#1b4d2a' },
  sealed: { background: '#ffe08a', color: '#5c4400' },
  wrong: { background: '#ffc9c9', color: '#7d1a1a' },
  empty: { background: 'transparent', color: 'inherit' },
};

/** Reference §2.12: the name column follows rankShowName and falls back to the username when blank. */
export const displayName = (
  row: Pick<RankRow, 'username' | 'nickname' | 'realname'>,
  rankShowName: string | null | undefined,
) => {
  const chosen = rankShowName === 'nickname' ? row.nickname : rankShowName === 'realname' ? row.realname : row.username;
  return chosen?.trim() ? chosen : row.username;
};

/** "hh:mm:ss" of a penalty in seconds, for the total time tooltip. */
export const penaltyClock = (seconds: number): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
};

/**
 * Reference §2.12: page 1 starts with copies of the viewer's own row and the followed users' rows, each of which
 * appears again further down; the leading rows repeated later are the pinned ones.
 */
export const pinnedRowCount = (rows: readonly { uid: string }[]): number => {
  let count = 0;
  while (count < rows.length && rows.slice(count + 1).some((row) => row.uid === rows[count]?.uid)) count += 1;
  return count;
};

/** Reference §1.1: the chart plots the top 10 rows after the pinned ones (pinned rows come first, duplicated). */
export const chartRows = <T extends { uid: string }>(rows: readonly T[], pinnedCount: number): T[] =>
  rows.slice(pinnedCount, pinnedCount + 10);
