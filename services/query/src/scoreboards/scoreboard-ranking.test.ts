import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pageOfRanked,
  pageWindowOf,
  rankEntries,
  rankRun,
  type BoardEntry,
  type RankSettings,
} from './scoreboard-ranking';

const entry = (uid: string, ac: number, totalTime: number, totalScore = 0): BoardEntry => ({
  uid,
  username: uid,
  realname: null,
  nickname: null,
  school: null,
  gender: null,
  avatar: null,
  ac,
  totalScore,
  totalTime,
  total: 1,
  submissionInfo: {},
  timeInfo: null,
});

/** Rows as the board query orders them: ACM ac desc, time asc; OI score desc, time asc; stable. */
const ordered = (rows: BoardEntry[], type: 'ACM' | 'OI') =>
  [...rows].sort((a, b) => (type === 'ACM' ? b.ac - a.ac : b.totalScore - a.totalScore) || a.totalTime - b.totalTime);

const boards = fc
  .record({
    type: fc.constantFrom('ACM' as const, 'OI' as const),
    rows: fc.array(
      fc.record({ ac: fc.integer({ min: 0, max: 3 }), time: fc.integer({ min: 0, max: 4 }), star: fc.boolean() }),
      { maxLength: 25 },
    ),
    removeStar: fc.boolean(),
  })
  .map(({ type, rows, removeStar }) => ({
    type,
    removeStar,
    entries: rows.map((row, index) =>
      entry(`u${index}`, type === 'ACM' ? row.ac : 0, row.time, type === 'OI' ? row.ac * 50 : 0),
    ),
    stars: rows.flatMap((row, index) => (row.star ? [`u${index}`] : [])),
  }));

describe('rankEntries', () => {
  it('numbers rows as 1 + the non-star rows strictly better, with star rows at -1 or removed', () => {
    fc.assert(
      fc.property(boards, ({ type, removeStar, entries, stars }) => {
        const settings: RankSettings = { type, starAccounts: stars, removeStar, awardType: 0, awards: [] };
        const ranked = rankEntries(ordered(entries, type), settings);
        const key = (row: BoardEntry) => (type === 'ACM' ? row.ac : row.totalScore);
        const official = entries.filter((row) => !stars.includes(row.uid));
        for (const row of ranked) {
          if (stars.includes(row.uid)) {
            expect(removeStar).toBe(false);
            expect(row.rank).toBe(-1);
            continue;
          }
          const better = official.filter(
            (other) => key(other) > key(row) || (key(other) === key(row) && other.totalTime < row.totalTime),
          ).length;
          expect(row.rank).toBe(better + 1);
        }
        expect(ranked.length).toBe(removeStar ? official.length : entries.length);
      }),
      { numRuns: 300 },
    );
  });

  it('gives each award to exactly its number of eligible non-star rows, in order', () => {
    fc.assert(
      fc.property(
        boards,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        ({ type, entries, stars }, gold, silver) => {
          const awards = [
            { priority: 1, name: 'gold', background: '#e6bf25', color: '#fff', num: gold },
            { priority: 2, name: 'silver', background: '#b4c0c7', color: '#fff', num: silver },
          ];
          const ranked = rankEntries(ordered(entries, type), {
            type,
            starAccounts: stars,
            removeStar: false,
            awardType: 2,
            awards,
          });
          const eligible = ranked.filter(
            (row) => row.rank !== -1 && (type === 'ACM' ? row.ac > 0 : row.totalScore > 0),
          );
          const expected = eligible.map((_, index) =>
            index < gold ? 'gold' : index < gold + silver ? 'silver' : null,
          );
          expect(eligible.map((row) => row.awardName)).toEqual(expected);
          expect(ranked.filter((row) => row.rank === -1).every((row) => !row.isWinAward)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ranks tied rows alike (2.21.1: alice 1, dave 1, bob 3) and the star user -1', () => {
    const rows = [entry('alice', 2, 7200), entry('dave', 2, 7200), entry('bob', 2, 8700), entry('carol', 1, 300)];
    const ranked = rankEntries(rows, {
      type: 'ACM',
      starAccounts: ['carol'],
      removeStar: false,
      awardType: 2,
      awards: [
        { priority: 1, name: 'gold', background: '', color: '', num: 1 },
        { priority: 2, name: 'silver', background: '', color: '', num: 1 },
      ],
    });
    expect(ranked.map((row) => [row.uid, row.rank, row.awardName])).toEqual([
      ['alice', 1, 'gold'],
      ['dave', 1, 'silver'],
      ['bob', 3, null],
      ['carol', -1, null],
    ]);
  });

  it('truncates proportions as HOJ does (2.21.1: 10/20/30 % of 2 rows give nobody an award)', () => {
    const ranked = rankEntries([entry('alice', 2, 7200), entry('bob', 2, 8700)], {
      type: 'ACM',
      starAccounts: [],
      removeStar: false,
      awardType: 1,
      awards: [10, 20, 30].map((num, index) => ({
        priority: index,
        name: `a${index}`,
        background: '',
        color: '',
        num,
      })),
    });
    expect(ranked.some((row) => row.isWinAward)).toBe(false);
  });
});

describe('pageOfRanked', () => {
  it('pins the viewer, then the concerned users, before every row (2.21.1: bob sees bob, alice, bob, carol)', () => {
    const ranked = rankEntries([entry('alice', 2, 7200), entry('bob', 2, 8700), entry('carol', 1, 300)], {
      type: 'ACM',
      starAccounts: ['carol'],
      removeStar: false,
      awardType: 0,
      awards: [],
    });
    const page = pageOfRanked(ranked, {
      viewerId: 'bob',
      concernedList: ['bob'],
      keyword: null,
      rankShowName: 'username',
      currentPage: 1,
      limit: 50,
    });
    expect(page.records.map((row) => row.uid)).toEqual(['bob', 'alice', 'bob', 'carol']);
    expect(page.total).toBe(4);
  });
});

describe('rankRun', () => {
  it('numbers any run of the board from its first non-star row standing as rankEntries numbers the whole board', () => {
    fc.assert(
      fc.property(
        boards,
        fc.nat(),
        fc.nat(),
        fc.constantFrom(0 as const, 1 as const, 2 as const),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 5 }),
        ({ type, removeStar, entries, stars }, from, length, awardType, gold, silver) => {
          const settings: RankSettings = {
            type,
            starAccounts: stars,
            removeStar,
            awardType,
            awards: [
              { priority: 2, name: 'silver', background: '', color: '', num: silver },
              { priority: 1, name: 'gold', background: '', color: '', num: gold },
            ],
          };
          const board = ordered(entries, type);
          const whole = rankEntries(board, settings);
          const isStar = (row: BoardEntry) => stars.includes(row.username);
          const listed = removeStar ? board.filter((row) => !isStar(row)) : board;
          const start = listed.length === 0 ? 0 : from % listed.length;
          const run = listed.slice(start, start + length);
          const nonStar = listed.filter((row) => !isStar(row));
          const anchor = run.find((row) => !isStar(row));
          const key = (row: BoardEntry) => [type === 'ACM' ? row.ac : row.totalScore, -row.totalTime];
          const isBetter = (a: BoardEntry, b: BoardEntry) => {
            const [ka, ta] = key(a);
            const [kb, tb] = key(b);
            return (ka ?? 0) > (kb ?? 0) || (ka === kb && (ta ?? 0) > (tb ?? 0));
          };
          const standing = anchor && {
            better: nonStar.filter((row) => isBetter(row, anchor)).length,
            before: nonStar.indexOf(anchor),
          };
          const counted = nonStar.length;
          expect(rankRun(run, standing ?? null, settings, { counted, isStar })).toEqual(
            whole.slice(start, start + length),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('pageWindowOf', () => {
  it('splits a page over [pinned rows] + [board rows] as slicing the joined list does', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 8 }),
        fc.nat({ max: 30 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 7 }),
        (pinned, board, currentPage, limit) => {
          const joined = [
            ...Array.from({ length: pinned }, (_, index) => `pin${index}`),
            ...Array.from({ length: board }, (_, index) => `row${index}`),
          ];
          const window = pageWindowOf(pinned, { currentPage, limit });
          const rows = Array.from({ length: board }, (_, index) => `row${index}`);
          const pins = Array.from({ length: pinned }, (_, index) => `pin${index}`);
          const first = (currentPage - 1) * limit;
          expect([
            ...pins.slice(window.pinnedFrom, window.pinnedTo),
            ...rows.slice(window.boardOffset, window.boardOffset + window.boardLimit),
          ]).toEqual(joined.slice(first, first + limit));
        },
      ),
      { numRuns: 500 },
    );
  });
});
