/**
 * An independent, deliberately plain reading of api-contest-training.md §2.7, §2.9 and §2.10 for the property
 * tests: every record of the contest in one pass, in time order, exactly as the reference narrates it.
 * Test-only; it shares no code with scoreboard-rows.ts.
 */
export interface ReferenceRecord {
  readonly submissionId: number;
  readonly userId: string;
  readonly displayId: string;
  /** Seconds from the start (negative before it). */
  readonly time: number;
  readonly status: 1 | -1 | 0 | null;
  readonly score: number | null;
  readonly useTimeMs: number;
}

export interface ReferenceContest {
  readonly type: 'ACM' | 'OI';
  readonly durationSeconds: number;
  /** Seconds from the start; null without a seal. */
  readonly sealStart: number | null;
  readonly scoreType: 'Recent' | 'Highest';
}

export interface ReferenceAcmCell {
  errorNum: number;
  isAC?: boolean;
  ACTime?: number;
  isFirstAC?: boolean;
  isAfterContest?: boolean;
  tryNum?: number;
}

export interface ReferenceRow {
  userId: string;
  ac: number;
  totalTime: number;
  total: number;
  totalScore: number;
  cells: Record<string, ReferenceAcmCell | number | null>;
  timeInfo: Record<string, number> | null;
}

type View = { readonly sealed: boolean; readonly containsEnd: boolean };

export function referenceAcmBoard(contest: ReferenceContest, records: readonly ReferenceRecord[], view: View) {
  const ordered = records
    .filter(
      (r) =>
        r.status !== null && r.time >= 0 && (r.time < contest.durationSeconds || (view.containsEnd && !view.sealed)),
    )
    .sort((a, b) => a.time - b.time || a.submissionId - b.submissionId);
  const rows = new Map<string, ReferenceRow>();
  const firstAcTime = new Map<string, number>();
  for (const record of ordered) {
    let row = rows.get(record.userId);
    if (!row) {
      row = { userId: record.userId, ac: 0, totalTime: 0, total: 0, totalScore: 0, cells: {}, timeInfo: null };
      rows.set(record.userId, row);
    }
    row.total += 1;
    const cell = (row.cells[record.displayId] ??= { errorNum: 0 }) as ReferenceAcmCell;
    const inSeal =
      view.sealed &&
      contest.sealStart !== null &&
      record.time >= contest.sealStart &&
      record.time < contest.durationSeconds;
    if (inSeal) {
      cell.tryNum = (cell.tryNum ?? 0) + 1;
      continue;
    }
    if (cell.isAC) continue;
    if (record.status === 1) {
      row.ac += 1;
      cell.isAC = true;
      cell.ACTime = record.time;
      const first = firstAcTime.get(record.displayId);
      if (first === undefined) firstAcTime.set(record.displayId, record.time);
      cell.isFirstAC = first === undefined || first === record.time;
      if (record.time >= contest.durationSeconds) cell.isAfterContest = true;
      row.totalTime += record.time + 1200 * cell.errorNum;
    } else if (record.status === -1) {
      cell.errorNum += 1;
    }
  }
  return [...rows.values()];
}

export function referenceOiBoard(contest: ReferenceContest, records: readonly ReferenceRecord[], view: View) {
  const upper =
    view.sealed && contest.sealStart !== null
      ? Math.max(contest.sealStart - 1, 0)
      : view.containsEnd
        ? Number.POSITIVE_INFINITY
        : contest.durationSeconds - 1;
  const kept = records
    .filter((r) => r.status !== null && r.time >= 0 && r.time <= upper)
    .sort((a, b) => a.time - b.time || a.submissionId - b.submissionId);
  const rows = new Map<string, ReferenceRow>();
  for (const userId of new Set(kept.map((r) => r.userId))) {
    const mine = kept.filter((r) => r.userId === userId);
    const cells: Record<string, number | null> = {};
    const timeInfo: Record<string, number> = {};
    for (const displayId of new Set(mine.map((r) => r.displayId))) {
      const tries = mine.filter((r) => r.displayId === displayId);
      let chosen: ReferenceRecord[];
      if (contest.scoreType === 'Recent') {
        const newest = tries.reduce((m, r) => Math.max(m, r.time), -1);
        chosen = tries.filter((r) => r.time === newest);
      } else {
        const scored = tries.filter((r) => r.score !== null);
        const best = scored.reduce((m, r) => Math.max(m, r.score ?? 0), -1);
        chosen = scored.filter((r) => r.score === best);
      }
      if (chosen.length === 0) continue;
      cells[displayId] = chosen[chosen.length - 1]?.score ?? null;
      for (const r of chosen) {
        if (r.status === 1) timeInfo[displayId] = Math.min(timeInfo[displayId] ?? Infinity, r.useTimeMs);
      }
    }
    const totalScore = Object.values(cells).reduce<number>((s, v) => s + (v ?? 0), 0);
    const totalTime = Object.values(timeInfo).reduce((s, v) => s + v, 0);
    rows.set(userId, { userId, ac: 0, totalTime, total: mine.length, totalScore, cells, timeInfo });
  }
  return [...rows.values()];
}
