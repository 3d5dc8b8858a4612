import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byBoardOrder, type BoardRow, type PlacedRow } from '@oj/events/folds';
import { historyPageOf, historyPageRows } from './board-history-paging';
import { pageOfRanked, rankEntries, type BoardEntry, type RankSettings } from './scoreboard-ranking';

const award = (priority: number, num: number) => ({
  priority,
  name: `award ${priority}`,
  background: '#fff',
  color: '#000',
  num,
});

/** Boards with ties on the rank keys (few values), star, excluded and pinned users, awards and pages. */
const asks = fc
  .record({
    type: fc.constantFrom<'ACM' | 'OI'>('ACM', 'OI'),
    rows: fc.array(
      fc.record({
        solved: fc.integer({ min: 0, max: 3 }),
        time: fc.integer({ min: 0, max: 3 }),
        firstTime: fc.integer({ min: 0, max: 2 }),
        star: fc.boolean(),
        excluded: fc.boolean(),
        concerned: fc.boolean(),
      }),
      { maxLength: 30 },
    ),
    removeStar: fc.boolean(),
    awardType: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
    awards: fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 40 })), { maxLength: 3 }),
    viewer: fc.option(fc.nat({ max: 35 })),
    currentPage: fc.integer({ min: 1, max: 5 }),
    limit: fc.integer({ min: 1, max: 8 }),
  })
  .map((ask) => {
    const order: PlacedRow[] = ask.rows
      .map((row, index) => ({
        userId: `u${index}`,
        row: {
          ac: ask.type === 'ACM' ? row.solved : 0,
          totalScore: ask.type === 'OI' ? row.solved * 50 : 0,
          totalTime: row.time,
          total: 1,
          firstTime: row.firstTime,
          firstSubmissionId: index + 1,
          submissionInfo: {},
          timeInfo: null,
          solved: [],
        } satisfies BoardRow,
      }))
      .sort((a, b) => byBoardOrder(a.row, b.row));
    const usersWhere = (flag: 'star' | 'excluded' | 'concerned') =>
      ask.rows.flatMap((row, index) => (row[flag] ? [`u${index}`] : []));
    const settings: RankSettings = {
      type: ask.type,
      starAccounts: usersWhere('star'),
      removeStar: ask.removeStar,
      awardType: ask.awardType,
      awards: ask.awards.map(([priority, num]) => award(priority, num)),
    };
    const request = {
      viewerId: ask.viewer === null ? null : `u${ask.viewer}`,
      concernedList: usersWhere('concerned'),
      keyword: null,
      rankShowName: 'username' as const,
      currentPage: ask.currentPage,
      limit: ask.limit,
    };
    return { order, settings, request, excluded: new Set(usersWhere('excluded')) };
  });

/** A row as the whole-board path makes it (username = user id, so the star accounts name users). */
const entryOf = ({ userId, row }: Pick<PlacedRow, 'userId' | 'row'>): BoardEntry => ({
  uid: userId,
  username: userId,
  realname: null,
  nickname: null,
  school: null,
  gender: null,
  avatar: null,
  ac: row.ac,
  totalScore: row.totalScore,
  totalTime: row.totalTime,
  total: row.total,
  submissionInfo: row.submissionInfo,
  timeInfo: row.timeInfo,
});

describe('history paging', () => {
  it('gives the page of the whole ranked board from the shown rows alone', () => {
    fc.assert(
      fc.property(asks, ({ order, settings, request, excluded }) => {
        const whole = pageOfRanked(
          rankEntries(order.filter(({ userId }) => !excluded.has(userId)).map(entryOf), settings),
          request,
        );
        const rows = historyPageRows(
          order,
          excluded,
          (userId) => settings.starAccounts.includes(userId),
          settings,
          request,
        );
        const page = historyPageOf(rows, rows.shown.map(entryOf), settings, request);
        expect(page).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
