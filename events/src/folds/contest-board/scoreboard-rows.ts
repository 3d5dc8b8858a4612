import type { ContestType } from '../../catalogue/contest';

/**
 * One user's scoreboard row from that user's contest records (api-contest-training.md §2.7 ACM, §2.9 OI).
 * Pure: the projections call it after every change of the user's records, and the query ranks the rows.
 * First blood and rank numbers depend on other users, so they are left to the query (from `solved`).
 */

/** What a board needs to know about its contest. */
export interface BoardContest {
  readonly type: ContestType;
  readonly startAt: string;
  readonly endAt: string;
  readonly durationSeconds: number;
  readonly sealRank: boolean;
  readonly sealRankAt: string | null;
  readonly oiRankScoreType: 'Recent' | 'Highest';
  /** contestProblemId → display id; records of removed problems are ignored. */
  readonly displayIds: Readonly<Record<string, string>>;
}

/** HOJ's contest record (§0): status 1 AC, -1 penalised, 0 not penalised, null while not judged. */
export interface BoardRecord {
  readonly submissionId: number;
  readonly contestProblemId: number;
  readonly submittedAt: string;
  /** `submittedAt` parsed, when the caller keeps it (the history re-scores the same records many times). */
  readonly submittedMs?: number;
  readonly status: 1 | -1 | 0 | null;
  readonly score: number | null;
  readonly useTimeMs: number | null;
}

/** live: in-contest records; liveWithEnd: with after-contest ones (containsEnd, §2.5); sealed: §2.10. */
export type BoardView = 'live' | 'liveWithEnd' | 'sealed';

export interface AcmCell {
  errorNum: number;
  isAC?: boolean;
  ACTime?: number;
  isAfterContest?: boolean;
  tryNum?: number;
}

export interface BoardRow {
  /** ACM: problems solved; OI: 0. */
  readonly ac: number;
  /** OI: the sum of the problem scores; ACM: 0. */
  readonly totalScore: number;
  /** ACM: seconds with penalty; OI: milliseconds of timeInfo. */
  readonly totalTime: number;
  /** Processed records (ACM `total`). */
  readonly total: number;
  /** The first processed record, the stable tie order (§2.7). */
  readonly firstTime: number;
  readonly firstSubmissionId: number;
  /** ACM: displayId → cell; OI: displayId → score (null after a final CE under Recent). */
  readonly submissionInfo: Record<string, AcmCell | number | null>;
  /** OI only. */
  readonly timeInfo: Record<string, number> | null;
  /** ACM: solved cells (for first blood, computed across users by the query). */
  readonly solved: readonly { readonly displayId: string; readonly acTime: number }[];
}

const penaltySeconds = 1200;

const secondsBetween = (from: string, to: string) =>
  Math.floor((new Date(to).getTime() - new Date(from).getTime()) / 1000);

/** What the row needs of a processed record (made for every record each time a row is scored: kept small). */
interface Timed {
  readonly submissionId: number;
  readonly status: BoardRecord['status'];
  readonly score: number | null;
  readonly useTimeMs: number | null;
  readonly time: number;
  readonly displayId: string;
  readonly isAfterContest: boolean;
}

/** Judged, in-contest (or after-contest when the view allows it) records in processing order. */
function processedRecords(contest: BoardContest, records: readonly BoardRecord[], view: BoardView): Timed[] {
  const endMs = new Date(contest.endAt).getTime();
  const startMs = new Date(contest.startAt).getTime();
  const timed: Timed[] = [];
  for (const record of records) {
    const displayId = contest.displayIds[String(record.contestProblemId)];
    const submittedMs = record.submittedMs ?? Date.parse(record.submittedAt);
    if (record.status === null || displayId === undefined || submittedMs < startMs) continue;
    const isAfterContest = submittedMs >= endMs;
    if (isAfterContest && view !== 'liveWithEnd') continue;
    // secondsBetween(startAt, submittedAt), with the instants parsed once (the history re-scores many users).
    timed.push({
      submissionId: record.submissionId,
      status: record.status,
      score: record.score,
      useTimeMs: record.useTimeMs,
      displayId,
      isAfterContest,
      time: Math.floor((submittedMs - startMs) / 1000),
    });
  }
  return timed.sort((a, b) => a.time - b.time || a.submissionId - b.submissionId);
}

export const sealStartSeconds = (contest: BoardContest): number | null =>
  contest.sealRank && contest.sealRankAt ? secondsBetween(contest.startAt, contest.sealRankAt) : null;

function acmRow(contest: BoardContest, records: readonly Timed[], view: BoardView): BoardRow {
  const sealStart = view === 'sealed' ? sealStartSeconds(contest) : null;
  const cells: Record<string, AcmCell> = {};
  let ac = 0;
  let totalTime = 0;
  for (const record of records) {
    const cell = (cells[record.displayId] ??= { errorNum: 0 });
    if (sealStart !== null && record.time >= sealStart && record.time < contest.durationSeconds) {
      cell.tryNum = (cell.tryNum ?? 0) + 1;
    } else if (cell.isAC) {
      continue;
    } else if (record.status === 1) {
      ac += 1;
      cell.isAC = true;
      cell.ACTime = record.time;
      if (record.isAfterContest) cell.isAfterContest = true;
      totalTime += record.time + penaltySeconds * cell.errorNum;
    } else if (record.status === -1) {
      cell.errorNum += 1;
    }
  }
  // In the cells' own key order, as Object.entries gives it (a loop: the history scores thousands of rows a scrub).
  const solved: { displayId: string; acTime: number }[] = [];
  for (const displayId in cells) {
    const cell = cells[displayId] as AcmCell;
    if (cell.isAC && cell.ACTime !== undefined) solved.push({ displayId, acTime: cell.ACTime });
  }
  return {
    firstTime: records[0]?.time ?? 0,
    firstSubmissionId: records[0]?.submissionId ?? 0,
    ac,
    totalScore: 0,
    totalTime,
    total: records.length,
    submissionInfo: cells,
    timeInfo: null,
    solved,
  };
}

function oiWindow(contest: BoardContest, view: BoardView): (record: Timed) => boolean {
  const sealStart = sealStartSeconds(contest);
  if (view === 'sealed' && sealStart !== null) {
    const last = sealStart > 0 ? sealStart - 1 : 0;
    return (record) => record.time >= 0 && record.time <= last;
  }
  if (view === 'liveWithEnd') return (record) => record.time >= 0;
  return (record) => record.time >= 0 && record.time <= contest.durationSeconds;
}

/** Recent: the newest second's rows (the last processed one gives the score); Highest: the best score's rows. */
function chosenRows(rows: readonly Timed[], scoreType: BoardContest['oiRankScoreType']): Timed[] {
  if (scoreType === 'Recent') {
    const newest = Math.max(...rows.map((row) => row.time));
    return rows.filter((row) => row.time === newest);
  }
  const scores = rows.flatMap((row) => (row.score === null ? [] : [row.score]));
  if (scores.length === 0) return [];
  const best = Math.max(...scores);
  return rows.filter((row) => row.score === best);
}

function oiRow(contest: BoardContest, records: readonly Timed[], view: BoardView): BoardRow {
  const inWindow = records.filter(oiWindow(contest, view));
  const byProblem = new Map<string, Timed[]>();
  for (const record of inWindow) byProblem.set(record.displayId, [...(byProblem.get(record.displayId) ?? []), record]);
  const submissionInfo: Record<string, number | null> = {};
  const timeInfo: Record<string, number> = {};
  for (const [displayId, rows] of byProblem) {
    const chosen = chosenRows(rows, contest.oiRankScoreType);
    const last = chosen.at(-1);
    if (!last) continue;
    submissionInfo[displayId] = last.score;
    const acTimes = chosen.filter((row) => row.status === 1).map((row) => row.useTimeMs ?? 0);
    if (acTimes.length > 0) timeInfo[displayId] = Math.min(...acTimes);
  }
  const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
  return {
    ...firstOf(inWindow),
    ac: 0,
    totalScore: sum(Object.values(submissionInfo)),
    totalTime: sum(Object.values(timeInfo)),
    total: inWindow.length,
    submissionInfo,
    timeInfo,
    solved: [],
  };
}

const firstOf = (records: readonly Timed[]) => ({
  firstTime: records[0]?.time ?? 0,
  firstSubmissionId: records[0]?.submissionId ?? 0,
});

/** The row of one user on one view, or null when none of the user's records counts there. */
export function boardRowOf(contest: BoardContest, records: readonly BoardRecord[], view: BoardView): BoardRow | null {
  if (view === 'sealed' && sealStartSeconds(contest) === null) return null;
  const processed = processedRecords(contest, records, view);
  const row = contest.type === 'ACM' ? acmRow(contest, processed, view) : oiRow(contest, processed, view);
  return row.total === 0 ? null : row;
}

/** HOJ's record status from a final verdict (judging.md §1.3); null while not final. */
export function recordStatusOf(status: string): 1 | -1 | 0 | null {
  if (status === 'AC') return 1;
  if (['PE', 'WA', 'TLE', 'MLE', 'RE'].includes(status)) return -1;
  if (['Pending', 'Compiling', 'Judging'].includes(status)) return null;
  return 0;
}
