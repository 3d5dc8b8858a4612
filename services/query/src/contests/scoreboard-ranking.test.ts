import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOfRanked, rankEntries, type BoardEntry, type RankSettings } from './scoreboard-ranking';

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
