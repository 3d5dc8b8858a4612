import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ScrollBoardInfo, ScrollBoardSubmission } from './api/get-scroll-board';
import { buildBoard, isFinished, parseBoardTime, rankTeams, revealStep, type Board } from './scroll-board-model';

const info: ScrollBoardInfo = {
  id: 1,
  rankShowName: 'username',
  problemCount: 2,
  balloonColor: { A: '#f00', B: '#0f0' },
  startTime: '2026/01/10 10:00:00',
  sealRankTime: '2026/01/10 11:00:00',
  starUserList: ['carol'],
};
const startMs = parseBoardTime(info.startTime);
const minuteMs = 60_000;

/** The served text of an instant: yyyy/MM/dd HH:mm:ss in GMT+8. */
const boardTime = (ms: number): string => {
  const shifted = new Date(ms + 8 * 60 * minuteMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())} ${pad(
    shifted.getUTCHours(),
  )}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
};

let nextId = 1;
const submission = (username: string, displayId: string, status: number, clock: string): ScrollBoardSubmission => ({
  uid: `u-${username}`,
  username,
  nickname: null,
  realname: null,
  school: null,
  avatar: null,
  gender: null,
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

const revealAll = (board: Board): { board: Board; steps: number } => {
  let current = board;
  let steps = 0;
  for (; steps < 1000 && !isFinished(current); steps += 1) current = revealStep(current);
  return { board: current, steps };
};

describe('scroll board model', () => {
  it('reads GMT+8 board times', () => {
    expect(parseBoardTime('2026/01/10 08:00:00')).toBe(Date.UTC(2026, 0, 10, 0, 0, 0));
    expect(parseBoardTime('2027/01/01 00:05:09')).toBe(Date.UTC(2026, 11, 31, 16, 5, 9));
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
    const { board } = revealAll(buildBoard(info, rows));
    expect(board.teams.map((team) => team.uid)).toEqual(['u-alice', 'u-carol', 'u-bob']);
    const alice = board.teams[0];
    // (4000 s + 1200 s) + 4500 s = 9700 s
    expect(alice?.penaltyMs).toBe(9_700_000);
    // First blood is the smallest AC submit id, whoever's (star users included).
    expect(board.firstBlood).toEqual({ A: 1, B: 6 });
  });

  it('ignores CE and counts PA, SE and SF as tries before the AC', () => {
    const board = buildBoard(info, [
      submission('dave', 'A', -2, '10:01:00'),
      submission('dave', 'A', 8, '10:02:00'),
      submission('dave', 'A', 4, '10:03:00'),
      submission('dave', 'A', 10, '10:04:00'),
      submission('dave', 'A', 0, '10:10:00'),
    ]);
    const dave = board.teams[0];
    expect(dave?.cells.A).toMatchObject({ state: 'solved', tries: 3 });
    expect(dave?.penaltyMs).toBe(10 * minuteMs + 3 * 20 * minuteMs);
  });

  it('keeps a problem unknown behind a submission still being judged, even before the seal', () => {
    const board = buildBoard(info, [submission('erin', 'A', 5, '10:20:00'), submission('erin', 'A', 0, '10:30:00')]);
    expect(board.teams[0]?.cells.A?.state).toBe('unknown');
    expect(board.teams[0]?.solved).toBe(0);
    const { board: revealed } = revealAll(board);
    expect(revealed.teams[0]?.cells.A).toMatchObject({ state: 'solved', tries: 1 });
  });

  it('counts an AC at exactly the seal instant at once (HOJ shows it but leaves it out of the score)', () => {
    const board = buildBoard(info, [submission('fay', 'B', 0, '11:00:00')]);
    expect(board.teams[0]).toMatchObject({ solved: 1, penaltyMs: 60 * minuteMs });
  });

  it('names teams per rankShowName, falling back to the username, with spaces and dots as "_"', () => {
    const named = { ...submission('g.h', 'A', -1, '10:00:00'), nickname: 'Team One.2' };
    const plain = { ...submission('ian', 'A', -1, '10:00:00'), nickname: '  ' };
    const board = buildBoard({ ...info, rankShowName: 'nickname' }, [named, plain]);
    expect(board.teams.map((team) => team.name).sort()).toEqual(['Team_One_2', 'ian']);
  });

  it('ranks official solvers, stars and zero-solved teams, with medals by rank', () => {
    const { board } = revealAll(buildBoard(info, [...rows, submission('dave', 'A', -1, '10:10:00')]));
    const ranked = rankTeams(board.teams, [1, 1, 0]);
    expect(ranked.map((row) => [row.team.uid, row.rank, row.medal])).toEqual([
      ['u-alice', '1', 'gold'],
      ['u-carol', '*', null],
      ['u-bob', '2', 'silver'],
      ['u-dave', '3', null],
    ]);
  });

  const teamNames = ['ann', 'ben', 'cy', 'dee'];
  const statuses = [0, 0, -1, -2, 1, 4, 8, 10, 5, 7];
  const histories = fc.array(
    fc.record({
      team: fc.constantFrom(...teamNames),
      problem: fc.constantFrom('A', 'B'),
      status: fc.constantFrom(...statuses),
      gapSeconds: fc.integer({ min: 0, max: 1800 }),
    }),
    { maxLength: 40 },
  );
  const submissionsOf = (history: { team: string; problem: string; status: number; gapSeconds: number }[]) => {
    let atMs = startMs;
    return history.map(({ team, problem, status, gapSeconds }, index) => {
      atMs += gapSeconds * 1000;
      return { ...submission(team, problem, status, '10:00:00'), submitId: index + 1, submitTime: boardTime(atMs) };
    });
  };

  /** Reference §2.18 read plainly over every submission: CE skipped, first AC solves, 20 min per earlier try. */
  const plainScore = (submissions: readonly ScrollBoardSubmission[], uid: string) => {
    let solved = 0;
    let penaltyMs = 0;
    for (const problem of ['A', 'B']) {
      const own = submissions.filter((row) => row.uid === uid && row.displayId === problem && row.status !== -2);
      const acIndex = own.findIndex((row) => row.status === 0);
      const ac = own[acIndex];
      if (!ac) continue;
      solved += 1;
      penaltyMs += parseBoardTime(ac.submitTime) - startMs + acIndex * 20 * minuteMs;
    }
    return { solved, penaltyMs };
  };

  it('after every reveal, each team has the plain count over all its submissions, in board order', () => {
    fc.assert(
      fc.property(histories, (history) => {
        const submissions = submissionsOf(history);
        const initial = buildBoard(info, [...submissions].reverse());
        const unknownCells = initial.teams
          .flatMap((team) => Object.values(team.cells))
          .filter((cell) => cell.state === 'unknown');
        const { board, steps } = revealAll(initial);
        // Each Enter either reveals one unknown cell or moves the cursor up one team.
        expect(steps).toBe(unknownCells.length + initial.teams.length);
        for (const team of board.teams) {
          expect({ solved: team.solved, penaltyMs: team.penaltyMs }).toEqual(plainScore(submissions, team.uid));
          expect(Object.values(team.cells).some((cell) => cell.state === 'unknown')).toBe(false);
        }
        const keys = board.teams.map((team) => [-team.solved, team.penaltyMs, team.uid] as const);
        const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : 1));
        expect(keys).toEqual(sorted);
      }),
    );
  });

  it('never scores a submission after the seal before it is revealed', () => {
    fc.assert(
      fc.property(histories, (history) => {
        const submissions = submissionsOf(history);
        const sealMs = parseBoardTime(info.sealRankTime);
        const visible = submissions.filter((row) => parseBoardTime(row.submitTime) <= sealMs);
        const board = buildBoard(info, submissions);
        for (const team of board.teams) {
          expect(team.solved).toBeLessThanOrEqual(plainScore(visible, team.uid).solved);
        }
      }),
    );
  });
});
