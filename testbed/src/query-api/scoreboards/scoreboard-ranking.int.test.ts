import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createProjectionTestbed, type ProjectionTestbed } from '@oj/projector/testing';
import {
  pageOfRanked,
  rankEntries,
  readBoard,
  readRankedPage,
  type BoardChoice,
  type PageRequest,
  type RankSettings,
} from '@oj/query/testing';

const contestId = 5;
const usernames = ['ann', 'ben', 'cy', 'dee', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jo', 'kim', 'lu'];

/**
 * A stored board: each user's keys drawn from few values (ties on every key), some users without a profile
 * (the stored name counts) and some renamed since (the profile's name counts), on both views of one board.
 */
const storedBoards = fc.record({
  type: fc.constantFrom('ACM' as const, 'OI' as const),
  rows: fc.uniqueArray(
    fc.record({
      user: fc.integer({ min: 0, max: usernames.length - 1 }),
      solved: fc.integer({ min: 0, max: 2 }),
      time: fc.integer({ min: 0, max: 3 }),
      firstTime: fc.integer({ min: 0, max: 3 }),
      profile: fc.constantFrom('same', 'missing', 'renamed'),
      school: fc.constantFrom('North', 'South', null),
    }),
    { selector: (row) => row.user, maxLength: usernames.length },
  ),
  otherViewRows: fc.integer({ min: 0, max: 3 }),
});

const requests = fc.record({
  starAccounts: fc.subarray([...usernames, 'ann-renamed', 'nobody']),
  removeStar: fc.boolean(),
  awardType: fc.constantFrom(0 as const, 1 as const, 2 as const),
  gold: fc.integer({ min: 0, max: 60 }),
  silver: fc.integer({ min: 0, max: 4 }),
  excluded: fc.subarray(usernames.map((_, index) => `uid-${index}`)),
  viewer: fc.option(fc.integer({ min: 0, max: usernames.length })),
  concerned: fc.subarray(usernames.map((_, index) => `uid-${index}`)),
  keyword: fc.option(fc.constantFrom('nor', 'e', ' ')),
  currentPage: fc.integer({ min: 1, max: 4 }),
  limit: fc.integer({ min: 1, max: 6 }),
});

describe('readRankedPage', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('answers what ranking the whole board answers (ties, stars by current name, awards, excluded, pins, keyword, paging, first blood)', async () => {
    await fc.assert(
      fc.asyncProperty(storedBoards, requests, async (board, ask) => {
        const prefix = board.type === 'ACM' ? 'acm_scoreboard' : 'oi_scoreboard';
        const db = testbed.db;
        await sql`TRUNCATE ${sql.table(`${prefix}_rows`)}, ${sql.table(`${prefix}_solved`)}, users`.execute(db);
        for (const [index, row] of board.rows.entries()) {
          const userId = `uid-${row.user}`;
          const name = usernames[row.user] ?? 'x';
          const views = index < board.otherViewRows ? ['live', 'liveWithEnd'] : ['live'];
          for (const view of views) {
            const cells =
              board.type === 'ACM'
                ? { A: row.solved > 0 ? { isAC: true, ACTime: row.time, errorNum: 0 } : { errorNum: 1 } }
                : { A: row.solved * 50 };
            await sql`INSERT INTO ${sql.table(`${prefix}_rows`)} VALUES (${contestId}, ${view}, ${userId}, ${name},
              ${board.type === 'ACM' ? row.solved : 0}, ${board.type === 'OI' ? row.solved * 50 : 0}, ${row.time},
              1, ${row.firstTime}, ${index + 1}, ${JSON.stringify(cells)}, ${board.type === 'OI' ? '{}' : null})`.execute(
              db,
            );
            if (board.type === 'ACM' && row.solved > 0) {
              await sql`INSERT INTO acm_scoreboard_solved VALUES (${contestId}, ${view}, ${userId}, 'A', ${row.time})`.execute(
                db,
              );
            }
          }
          if (row.profile === 'missing') continue;
          const current = row.profile === 'renamed' ? `${name}-renamed` : name;
          await sql`INSERT INTO users (user_id, username, username_key, email, email_key, role, school, nickname,
              registered_at)
            VALUES (${userId}, ${current}, ${current.toLowerCase()}, ${`${name}@x`}, ${`${name}@x`}, 'user',
              ${row.school}, ${`nick-${name}`}, now())`.execute(db);
        }
        const contest = { contestId, type: board.type };
        const choice: BoardChoice = { sealed: false, containsEnd: false };
        const settings: RankSettings = {
          type: board.type,
          starAccounts: ask.starAccounts,
          removeStar: ask.removeStar,
          awardType: ask.awardType,
          awards: [
            { priority: 1, name: 'gold', background: '#e6bf25', color: '#fff', num: ask.gold },
            { priority: 2, name: 'silver', background: '#b4c0c7', color: '#fff', num: ask.silver },
          ],
        };
        const request: PageRequest = {
          viewerId: ask.viewer === null ? null : `uid-${ask.viewer}`,
          concernedList: ask.concerned,
          keyword: ask.keyword,
          rankShowName: 'username',
          currentPage: ask.currentPage,
          limit: ask.limit,
        };
        const reference = pageOfRanked(
          rankEntries(await readBoard(db, contest, choice, ask.excluded), settings),
          request,
        );
        // The cells as stored, with first blood told plainly: the earliest AC second among users not excluded.
        const firstAc = Math.min(
          ...board.rows
            .filter((row) => row.solved > 0 && !ask.excluded.includes(`uid-${row.user}`))
            .map((row) => row.time),
        );
        const cellsOf = (uid: string) => {
          const row = board.rows.find((stored) => `uid-${stored.user}` === uid);
          if (!row) throw new Error(`no stored row for ${uid}`);
          if (board.type === 'OI') return { submissionInfo: { A: row.solved * 50 }, timeInfo: {} };
          const cell =
            row.solved > 0
              ? { isAC: true, ACTime: row.time, errorNum: 0, isFirstAC: row.time === firstAc }
              : { errorNum: 1 };
          return { submissionInfo: { A: cell }, timeInfo: null };
        };
        const expected = { ...reference, records: reference.records.map((row) => ({ ...row, ...cellsOf(row.uid) })) };
        expect(await readRankedPage(db, contest, choice, ask.excluded, settings, request)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
