import type { ScrollBoardInfo, ScrollBoardSubmission } from './api/get-scroll-board';

const penaltyPerTryMs = 20 * 60 * 1000;
const accepted = 0;
const compileError = -2;
const inProgress = new Set([5, 6, 7, 9]);

/** Scroll-board instants are text "yyyy/MM/dd HH:mm:ss" in GMT+8 (reference §0, the served contract). */
export const parseBoardTime = (text: string): number => {
  const [y, mo, d, h, mi, s] = (text.match(/\d+/g) ?? []).map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, (h ?? 0) - 8, mi ?? 0, s ?? 0);
};

type Attempt = { status: number; atMs: number; submitId: number };

export type Cell = {
  state: 'none' | 'solved' | 'failed' | 'unknown';
  /** Counted tries before the AC (or in all, when not solved). */
  tries: number;
  /** Submissions hidden by the seal, shown as "? n". */
  frozen: Attempt[];
  solvedAtMs: number | null;
  submitId: number | null;
};

export type Team = {
  uid: string;
  name: string;
  school: string;
  isOfficial: boolean;
  isGirl: boolean;
  solved: number;
  penaltyMs: number;
  cells: Record<string, Cell>;
};

export type Board = {
  problems: string[];
  startMs: number;
  teams: Team[];
  cursor: number;
  firstBlood: Record<string, number>;
};

const emptyCell = (): Cell => ({ state: 'none', tries: 0, frozen: [], solvedAtMs: null, submitId: null });

/**
 * Walks one team's attempts on one problem in submit order up to the first visible AC (reference §2.18). An AC
 * at exactly the seal instant counts like any earlier one (HOJ shows it solved but leaves it out of the score).
 */
const buildCell = (attempts: readonly Attempt[], sealMs: number): Cell => {
  const cell = emptyCell();
  for (const attempt of attempts) {
    if (attempt.status === compileError) continue;
    if (cell.state === 'unknown' || inProgress.has(attempt.status) || attempt.atMs > sealMs) {
      cell.state = 'unknown';
      cell.frozen.push(attempt);
      continue;
    }
    if (attempt.status === accepted) {
      return { ...cell, state: 'solved', solvedAtMs: attempt.atMs, submitId: attempt.submitId };
    }
    cell.tries += 1;
    cell.state = 'failed';
  }
  return cell;
};

const compareTeams = (a: Team, b: Team) =>
  b.solved - a.solved || a.penaltyMs - b.penaltyMs || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

const withScore = (team: Team, startMs: number): Team => {
  let solved = 0;
  let penaltyMs = 0;
  for (const cell of Object.values(team.cells)) {
    if (cell.state !== 'solved' || cell.solvedAtMs === null) continue;
    solved += 1;
    penaltyMs += cell.solvedAtMs - startMs + cell.tries * penaltyPerTryMs;
  }
  return { ...team, solved, penaltyMs };
};

const nameOf = (row: ScrollBoardSubmission, rankShowName: string | null | undefined): string => {
  const chosen = rankShowName === 'nickname' ? row.nickname : rankShowName === 'realname' ? row.realname : row.username;
  // HOJ's board replaces spaces and dots in names (reference §2.12).
  return (chosen?.trim() ? chosen : row.username).replace(/[ .]/g, '_');
};

/** The board before any reveal: sealed cells unknown, teams in order, the cursor on the last row. */
export const buildBoard = (info: ScrollBoardInfo, submissions: readonly ScrollBoardSubmission[]): Board => {
  const startMs = parseBoardTime(info.startTime);
  const sealMs = parseBoardTime(info.sealRankTime);
  const problems = Object.keys(info.balloonColor).sort();
  const stars = new Set(info.starUserList ?? []);
  const ordered = [...submissions].sort((a, b) => a.submitId - b.submitId);
  const byTeam = new Map<string, { row: ScrollBoardSubmission; attempts: Map<string, Attempt[]> }>();
  const firstBlood: Record<string, number> = {};
  for (const row of ordered) {
    const entry = byTeam.get(row.uid) ?? { row, attempts: new Map<string, Attempt[]>() };
    byTeam.set(row.uid, entry);
    const list = entry.attempts.get(row.displayId) ?? [];
    list.push({ status: row.status, atMs: parseBoardTime(row.submitTime), submitId: row.submitId });
    entry.attempts.set(row.displayId, list);
    // First blood by the whole display id (HOJ keys it by the first letter only: reference Part 3 §17).
    if (row.status === accepted && firstBlood[row.displayId] === undefined) firstBlood[row.displayId] = row.submitId;
  }
  const teams = [...byTeam.values()].map(({ row, attempts }) => {
    const cells = Object.fromEntries(problems.map((id) => [id, buildCell(attempts.get(id) ?? [], sealMs)]));
    const team: Team = {
      uid: row.uid,
      name: nameOf(row, info.rankShowName),
      school: row.school ?? '',
      isOfficial: !stars.has(row.username),
      isGirl: row.gender === 'female',
      solved: 0,
      penaltyMs: 0,
      cells,
    };
    return withScore(team, startMs);
  });
  teams.sort(compareTeams);
  return { problems, startMs, teams, cursor: teams.length - 1, firstBlood };
};

/** The outcome of a sealed cell once its hidden submissions are shown. */
const revealCell = (cell: Cell): Cell => {
  let tries = cell.tries;
  for (const attempt of cell.frozen) {
    if (attempt.status === compileError) continue;
    if (attempt.status === accepted) {
      return { ...cell, state: 'solved', tries, frozen: [], solvedAtMs: attempt.atMs, submitId: attempt.submitId };
    }
    tries += 1;
  }
  return { ...cell, state: tries > 0 ? 'failed' : 'none', tries, frozen: [] };
};

export const isFinished = (board: Board): boolean => board.cursor < 0;

/**
 * One press of Enter: reveal the cursor team's next unknown problem (display-id order) and re-sort, or move the
 * cursor up when that team has nothing left to reveal.
 */
export const revealStep = (board: Board): Board => {
  const team = board.teams[board.cursor];
  if (!team) return board;
  const next = board.problems.find((id) => team.cells[id]?.state === 'unknown');
  if (next === undefined) return { ...board, cursor: board.cursor - 1 };
  const cells = { ...team.cells, [next]: revealCell(team.cells[next] ?? emptyCell()) };
  const revealed = withScore({ ...team, cells }, board.startMs);
  const teams = board.teams.map((t) => (t.uid === team.uid ? revealed : t)).sort(compareTeams);
  return { ...board, teams };
};

export type Medal = 'gold' | 'silver' | 'bronze' | null;
export type RankedTeam = { team: Team; rank: string; medal: Medal };

/** Reference §2.18: official solvers get 1, 2, 3…; star teams '*'; 0-solved teams share the next number. */
export const rankTeams = (teams: readonly Team[], medals: readonly [number, number, number]): RankedTeam[] => {
  let next = 1;
  const [gold, silver, bronze] = medals;
  return teams.map((team) => {
    if (!team.isOfficial) return { team, rank: '*', medal: null };
    if (team.solved === 0) return { team, rank: String(next), medal: null };
    const rank = next;
    next += 1;
    const medal: Medal =
      rank <= gold ? 'gold' : rank <= gold + silver ? 'silver' : rank <= gold + silver + bronze ? 'bronze' : null;
    return { team, rank: String(rank), medal };
  });
};
