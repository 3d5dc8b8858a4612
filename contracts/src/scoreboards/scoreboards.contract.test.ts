import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acmContestRankRowSchema, contestRankPageSchema, oiContestRankRowSchema } from './scoreboards.contract';

const contestant = {
  rank: 1,
  isWinAward: false,
  awardName: null,
  awardBackground: null,
  awardColor: null,
  uid: 'u1',
  username: 'alice',
  realname: null,
  nickname: 'al',
  school: null,
  gender: null,
  avatar: null,
};
const acmRow = {
  ...contestant,
  ac: 1,
  total: 3,
  totalTime: 1260,
  submissionInfo: { A: { errorNum: 1, isAC: true, isFirstAC: true, ACTime: 60 }, B: { errorNum: 2 } },
};
const oiRow = {
  ...contestant,
  totalScore: 130,
  totalTime: 900,
  submissionInfo: { A: 100, B: 30, C: null },
  timeInfo: null,
};
const pageOfRows = (records: unknown[]) => ({
  records,
  total: records.length,
  size: 50,
  current: 1,
  pages: 1,
  orders: [],
  optimizeCountSql: true,
  searchCount: true,
});

/** The plain union the page's row schema replaces (it tried ACM first on every row). */
const plainRowUnion = z.union([acmContestRankRowSchema, oiContestRankRowSchema]);

/** A row of either board with one key removed or set to another JSON value. */
const mutatedRow = fc
  .tuple(
    fc.constantFrom<Record<string, unknown>>(acmRow, oiRow),
    fc.constantFrom(...new Set([...Object.keys(acmRow), ...Object.keys(oiRow)])),
    fc.option(fc.jsonValue(), { nil: undefined }),
  )
  .map(([row, key, value]) => {
    const { [key]: _dropped, ...rest } = row;
    return value === undefined ? rest : { ...rest, [key]: value };
  });

describe('contestRankPageSchema', () => {
  it('accepts an ACM page and an OI page as they are', () => {
    for (const row of [acmRow, oiRow]) {
      const page = pageOfRows([row, { ...row, uid: 'u2', rank: -1 }]);
      expect(contestRankPageSchema.parse(page)).toEqual(page);
    }
  });

  it('accepts exactly the rows the plain ACM-or-OI union accepts (the `ac` gate only picks the branch)', () => {
    fc.assert(
      fc.property(mutatedRow, (row) => {
        const page = pageOfRows([row]);
        expect(contestRankPageSchema.safeParse(page).success).toBe(plainRowUnion.safeParse(row).success);
      }),
      { numRuns: 500 },
    );
  });

  it('still checks an ACM row in full: a row with `ac` whose cell is wrong is refused', () => {
    const badCell = { ...acmRow, submissionInfo: { A: { errorNum: 'one' } } };
    expect(contestRankPageSchema.safeParse(pageOfRows([badCell])).success).toBe(false);
  });
});
