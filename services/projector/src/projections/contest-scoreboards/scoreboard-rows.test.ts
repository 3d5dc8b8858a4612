import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  referenceAcmBoard,
  referenceOiBoard,
  type ReferenceAcmCell,
  type ReferenceContest,
  type ReferenceRecord,
} from './reference-scoreboard.fixture';
import { boardRowOf, type AcmCell, type BoardContest, type BoardRecord, type BoardView } from '@oj/events/folds';

const startMs = Date.parse('2026-01-10T10:00:00.000Z');
const at = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();
const problems = ['A', 'B', 'C'];

function contestOf(reference: ReferenceContest): BoardContest {
  return {
    type: reference.type,
    startAt: at(0),
    endAt: at(reference.durationSeconds),
    durationSeconds: reference.durationSeconds,
    sealRank: reference.sealStart !== null,
    sealRankAt: reference.sealStart === null ? null : at(reference.sealStart),
    oiRankScoreType: reference.scoreType,
    displayIds: Object.fromEntries(problems.map((displayId, index) => [String(index + 1), displayId])),
  };
}

const boardRecord = (record: ReferenceRecord): BoardRecord => ({
  submissionId: record.submissionId,
  contestProblemId: problems.indexOf(record.displayId) + 1,
  submittedAt: at(record.time),
  status: record.status,
  score: record.score,
  useTimeMs: record.useTimeMs,
});

/** Our rows per user, with first blood derived across users from the solved cells as the query does. */
function ourBoard(contest: ReferenceContest, records: readonly ReferenceRecord[], view: BoardView) {
  const board = contestOf(contest);
  const users = [...new Set(records.map((record) => record.userId))];
  const rows = users.flatMap((userId) => {
    const row = boardRowOf(board, records.filter((r) => r.userId === userId).map(boardRecord), view);
    return row ? [{ userId, row }] : [];
  });
  const firstAc = new Map<string, number>();
  for (const { row } of rows) {
    for (const cell of row.solved)
      firstAc.set(cell.displayId, Math.min(firstAc.get(cell.displayId) ?? Infinity, cell.acTime));
  }
  return rows.map(({ userId, row }) => ({
    userId,
    ac: row.ac,
    totalTime: row.totalTime,
    total: row.total,
    totalScore: row.totalScore,
    cells:
      contest.type === 'ACM'
        ? Object.fromEntries(
            Object.entries(row.submissionInfo as Record<string, AcmCell>).map(([displayId, cell]) => [
              displayId,
              cell.isAC ? { ...cell, isFirstAC: cell.ACTime === firstAc.get(displayId) } : cell,
            ]),
          )
        : row.submissionInfo,
    timeInfo: row.timeInfo,
  }));
}

const sortByUser = <Row extends { userId: string }>(rows: Row[]) =>
  [...rows].sort((a, b) => a.userId.localeCompare(b.userId));

const contests: fc.Arbitrary<ReferenceContest> = fc
  .record({
    type: fc.constantFrom('ACM' as const, 'OI' as const),
    durationSeconds: fc.integer({ min: 60, max: 400 }),
    sealFraction: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    scoreType: fc.constantFrom('Recent' as const, 'Highest' as const),
  })
  .map(({ sealFraction, ...rest }) => ({
    ...rest,
    sealStart: sealFraction === null ? null : Math.floor(sealFraction * rest.durationSeconds),
  }));

const recordsFor = (contest: ReferenceContest) =>
  fc
    .array(
      fc.record({
        userId: fc.constantFrom('u1', 'u2', 'u3', 'u4'),
        displayId: fc.constantFrom(...problems),
        time: fc.integer({ min: -20, max: contest.durationSeconds + 40 }),
        status: fc.constantFrom(1 as const, -1 as const, 0 as const, null),
        score: fc.option(fc.constantFrom(0, 40, 60, 100)),
        useTimeMs: fc.integer({ min: 0, max: 900 }),
      }),
      { maxLength: 40 },
    )
    .map((records) => records.map((record, index) => ({ ...record, submissionId: index + 1 })));

const scenarios = contests.chain((contest) => fc.tuple(fc.constant(contest), recordsFor(contest)));

function referenceOf(contest: ReferenceContest, records: readonly ReferenceRecord[], view: BoardView) {
  const flags = { sealed: view === 'sealed', containsEnd: view === 'liveWithEnd' };
  if (view === 'sealed' && contest.sealStart === null) return [];
  return contest.type === 'ACM'
    ? referenceAcmBoard(contest, records, flags)
    : referenceOiBoard(contest, records, flags);
}

describe('boardRowOf', () => {
  it('gives the reference rows for every view of random contests (live, with after-contest, sealed)', () => {
    fc.assert(
      fc.property(
        scenarios,
        fc.constantFrom<BoardView>('live', 'liveWithEnd', 'sealed'),
        ([contest, records], view) => {
          expect(sortByUser(ourBoard(contest, records, view))).toEqual(sortByUser(referenceOf(contest, records, view)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('seals as the live board of the pre-seal records plus try counts after the seal (ACM)', () => {
    fc.assert(
      fc.property(scenarios, ([contest, records]) => {
        if (contest.type !== 'ACM' || contest.sealStart === null) return;
        const sealStart = contest.sealStart;
        const sealed = ourBoard(contest, records, 'sealed');
        const before = ourBoard(
          contest,
          records.filter((r) => r.time < sealStart),
          'live',
        );
        for (const row of sealed) {
          const live = before.find((candidate) => candidate.userId === row.userId);
          const cells = row.cells as Record<string, ReferenceAcmCell>;
          for (const [displayId, cell] of Object.entries(cells)) {
            const pending = records.filter(
              (r) =>
                r.userId === row.userId &&
                r.displayId === displayId &&
                r.status !== null &&
                r.time >= sealStart &&
                r.time < contest.durationSeconds,
            ).length;
            expect(cell.tryNum ?? 0).toBe(pending);
            const { tryNum: _tryNum, isFirstAC: _first, ...visible } = cell;
            const liveCell = (live?.cells[displayId] ?? { errorNum: 0 }) as ReferenceAcmCell;
            const { isFirstAC: _liveFirst, ...liveVisible } = liveCell;
            expect(visible).toEqual(liveVisible);
          }
          expect(row.ac).toBe(live?.ac ?? 0);
          expect(row.totalTime).toBe(live?.totalTime ?? 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('matches worked example 2.21.1: penalty, ignored CE, ignored WA after AC, first blood', () => {
    const records: ReferenceRecord[] = [
      [300, 'carol', 'A', 1],
      [600, 'alice', 'A', -1],
      [1200, 'alice', 'A', 0],
      [1500, 'bob', 'A', 1],
      [1800, 'alice', 'A', 1],
      [3600, 'bob', 'B', -1],
      [4200, 'alice', 'B', 1],
      [6000, 'bob', 'B', 1],
      [7200, 'alice', 'A', -1],
    ].map(([time, userId, displayId, status], index) => ({
      submissionId: index + 1,
      time: time as number,
      userId: userId as string,
      displayId: displayId as string,
      status: status as 1 | -1 | 0,
      score: null,
      useTimeMs: 0,
    }));
    const board = ourBoard(
      { type: 'ACM', durationSeconds: 18000, sealStart: null, scoreType: 'Recent' },
      records,
      'live',
    );
    const alice = board.find((row) => row.userId === 'alice');
    expect(alice).toMatchObject({ ac: 2, totalTime: 7200, total: 5 });
    expect(alice?.cells).toEqual({
      A: { errorNum: 1, isAC: true, ACTime: 1800, isFirstAC: false },
      B: { errorNum: 0, isAC: true, ACTime: 4200, isFirstAC: true },
    });
    expect(board.find((row) => row.userId === 'bob')).toMatchObject({ ac: 2, totalTime: 8700, total: 3 });
    expect(board.find((row) => row.userId === 'carol')?.cells).toEqual({
      A: { errorNum: 0, isAC: true, ACTime: 300, isFirstAC: true },
    });
  });

  it('matches worked example 2.21.2: the sealed board hides post-seal verdicts as tries', () => {
    const contest: ReferenceContest = { type: 'ACM', durationSeconds: 7200, sealStart: 3600, scoreType: 'Recent' };
    const records: ReferenceRecord[] = [
      [3000, 'alice', 'A', -1],
      [2000, 'bob', 'A', 1],
      [3700, 'bob', 'B', -1],
      [3800, 'bob', 'B', 0],
      [4000, 'alice', 'A', 1],
      [4500, 'alice', 'B', 1],
    ].map(([time, userId, displayId, status], index) => ({
      submissionId: index + 1,
      time: time as number,
      userId: userId as string,
      displayId: displayId as string,
      status: status as 1 | -1 | 0,
      score: null,
      useTimeMs: 0,
    }));
    const live = ourBoard(contest, records, 'live');
    expect(live.find((row) => row.userId === 'alice')).toMatchObject({ ac: 2, totalTime: 9700 });
    const sealed = ourBoard(contest, records, 'sealed');
    expect(sealed.find((row) => row.userId === 'alice')).toMatchObject({
      ac: 0,
      totalTime: 0,
      cells: { A: { errorNum: 1, tryNum: 1 }, B: { errorNum: 0, tryNum: 1 } },
    });
    expect(sealed.find((row) => row.userId === 'bob')).toMatchObject({
      ac: 1,
      totalTime: 2000,
      cells: { A: { errorNum: 0, isAC: true, ACTime: 2000, isFirstAC: true }, B: { errorNum: 0, tryNum: 2 } },
    });
  });

  it('matches worked example 2.21.3: OI Recent, Highest and sealed', () => {
    const records: ReferenceRecord[] = [
      [600, 'alice', 'A', 0, 60, 300],
      [1200, 'alice', 'A', 1, 100, 500],
      [1800, 'alice', 'A', 0, 40, 200],
      [2400, 'alice', 'B', 1, 100, 100],
      [900, 'bob', 'A', 1, 100, 400],
      [1500, 'bob', 'B', 0, 80, 350],
      [3000, 'bob', 'B', 0, null, 0],
      [700, 'carol', 'A', 1, 100, 800],
      [800, 'carol', 'B', 1, 100, 900],
    ].map(([time, userId, displayId, status, score, useTimeMs], index) => ({
      submissionId: index + 1,
      time: time as number,
      userId: userId as string,
      displayId: displayId as string,
      status: status as 1 | 0,
      score: score as number | null,
      useTimeMs: useTimeMs as number,
    }));
    const oi = (scoreType: 'Recent' | 'Highest', sealStart: number | null = null): ReferenceContest => ({
      type: 'OI',
      durationSeconds: 10800,
      sealStart,
      scoreType,
    });
    const pick = (rows: ReturnType<typeof ourBoard>, userId: string) => rows.find((row) => row.userId === userId);
    const recent = ourBoard(oi('Recent'), records, 'live');
    expect(pick(recent, 'alice')).toMatchObject({ totalScore: 140, totalTime: 100, timeInfo: { B: 100 } });
    expect(pick(recent, 'bob')).toMatchObject({ totalScore: 100, cells: { A: 100, B: null }, timeInfo: { A: 400 } });
    const highest = ourBoard(oi('Highest'), records, 'live');
    expect(pick(highest, 'alice')).toMatchObject({ totalScore: 200, totalTime: 600 });
    expect(pick(highest, 'bob')).toMatchObject({ totalScore: 180, timeInfo: { A: 400 } });
    const sealed = ourBoard(oi('Recent', 1500), records, 'sealed');
    expect(pick(sealed, 'bob')).toMatchObject({ totalScore: 100, timeInfo: { A: 400 } });
    expect(pick(sealed, 'alice')).toMatchObject({ totalScore: 100, timeInfo: { A: 500 } });
    expect(pick(sealed, 'carol')).toMatchObject({ totalScore: 200, totalTime: 1700 });
  });
});
