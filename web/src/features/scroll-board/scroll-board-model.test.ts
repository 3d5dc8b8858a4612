import { describe, expect, it } from 'vitest';
import type { ScrollBoardInfo, ScrollBoardSubmission } from './api/get-scroll-board';
import { buildBoard, isFinished, parseBoardTime, rankTeams, revealStep, type Board } from './scroll-board-model';

const info: ScrollBoardInfo = {
  id: '1',
  rankShowName: 'username',
  problemCount: 2,
  balloonColor: { A: '#f00', B: '#0f0' },
  startTime: '2026/01/10 10:00:00',
  sealRankTime: '2026/01/10 11:00:00',
  starUserList: ['carol'],
};

let nextId = 1;
const submission = (username: string, displayId: string, status: number, clock: string): ScrollBoardSubmission => ({
  uid: `u-${username}`,
  username,
  submitId: nextId++,
  status,
  submitTime: `2026/01/10 ${clock}`,
  displayId,
});

// Worked example 2.21.2 as a scroll board: alice's post-seal solves are hidden until revealed.
const rows = [
  submission('bob', 'A', 0, '10:33:20'),
  submission('alice', 'A', -1, '10:50:00'),
  submission('bob', 'B', -1, '11:01:40'),
  submission('bob', 'B', -2, '11:03:20'),
  submission('alice', 'A', 0, '11:06:40'),
  submission('alice', 'B', 0, '11:15:00'),
  submission('carol', 'A', 0, '10:05:00'),
];

const revealAll = (board: Board): Board => {
  let current = board;
  for (let guard = 0; guard < 100 && !isFinished(current); guard += 1) current = revealStep(current);
  return current;
};

describe('scroll board model', () => {
  it('reads GMT+8 board times', () => {
    expect(parseBoardTime('2026/01/10 08:00:00')).toBe(Date.UTC(2026, 0, 10, 0, 0, 0));
  });

  it('starts with post-seal attempts unknown and counts only pre-seal solves', () => {
    const board = buildBoard(info, rows);
    const alice = board.teams.find((team) => team.uid === 'u-alice');
    expect(alice?.solved).toBe(0);
    expect(alice?.cells.A?.state).toBe('unknown');
    expect(alice?.cells.A?.tries).toBe(1);
    expect(board.teams.map((team) => team.uid)).toEqual(['u-carol', 'u-bob', 'u-alice']);
  });

  it('reveals to the live order with the penalty of reference §2.18', () => {
    const board = revealAll(buildBoard(info, rows));
    expect(board.teams.map((team) => team.uid)).toEqual(['u-alice', 'u-carol', 'u-bob']);
    const alice = board.teams[0];
    // (4000 s + 1200 s) + 4500 s = 9700 s
    expect(alice?.penaltyMs).toBe(9_700_000);
    // First blood is the smallest AC submit id, whoever's (star users included).
    expect(board.firstBlood).toEqual({ A: 1, B: 6 });
  });

  it('ranks official solvers, stars and zero-solved teams, with medals by rank', () => {
    const board = revealAll(buildBoard(info, [...rows, submission('dave', 'A', -1, '10:10:00')]));
    const ranked = rankTeams(board.teams, [1, 1, 0]);
    expect(ranked.map((row) => [row.team.uid, row.rank, row.medal])).toEqual([
      ['u-alice', '1', 'gold'],
      ['u-carol', '*', null],
      ['u-bob', '2', 'silver'],
      ['u-dave', '3', null],
    ]);
  });
});
