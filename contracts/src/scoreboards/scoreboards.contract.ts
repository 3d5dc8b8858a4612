import { z } from 'zod';
import { pageOf } from '../paging/page.contract';

/**
 * Reply schemas of a contest's board (api-contest-training.md §2.7–§2.12): get-contest-rank and
 * get-contest-outside-scoreboard answer a page of ACMContestRankVO or OIContestRankVO, by the contest's type.
 */

/** The contestant and award columns of every board row (§2.7, §2.8). */
const rankedContestant = {
  /** -1 for a star account (§2.7). */
  rank: z.number().int(),
  isWinAward: z.boolean(),
  awardName: z.string().nullable(),
  awardBackground: z.string().nullable(),
  awardColor: z.string().nullable(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string().nullable(),
  avatar: z.string().nullable(),
};

/** One problem's cell of an ACM row; a flag is absent rather than false (§2.7). */
export const acmRankCellSchema = z.object({
  /** Penalised tries: before the AC, or all of them while unsolved. */
  errorNum: z.number().int(),
  isAC: z.boolean().optional(),
  /** The first solve of the problem on this board (absent on the rank spreadsheet's cells). */
  isFirstAC: z.boolean().optional(),
  /** Seconds from the start to the AC. */
  ACTime: z.number().int().optional(),
  isAfterContest: z.boolean().optional(),
  /** Tries behind the seal, shown as "?" (§2.10). */
  tryNum: z.number().int().optional(),
});
export type AcmRankCell = z.infer<typeof acmRankCellSchema>;

/** ACMContestRankVO (§2.7): `totalTime` in seconds with penalties; cells by display id. */
export const acmContestRankRowSchema = z.object({
  ...rankedContestant,
  ac: z.number().int(),
  total: z.number().int(),
  totalTime: z.number().int(),
  submissionInfo: z.record(z.string(), acmRankCellSchema),
});
export type AcmContestRankRow = z.infer<typeof acmContestRankRowSchema>;

/** OIContestRankVO (§2.9): scores by display id (null after a final CE under Recent), times in milliseconds. */
export const oiContestRankRowSchema = z.object({
  ...rankedContestant,
  totalScore: z.number().int(),
  totalTime: z.number().int(),
  submissionInfo: z.record(z.string(), z.number().int().nullable()),
  timeInfo: z.record(z.string(), z.number().int()).nullable(),
});
export type OiContestRankRow = z.infer<typeof oiContestRankRowSchema>;

/** An event position: a decimal string, as it can exceed 2^53. */
const eventPosition = z.string().regex(/^\d+$/);

/**
 * A row of either board. Only ACMContestRankVO has `ac`, so the ACM branch checks that one key first and an OI row
 * fails there, not on each of its cells (a failed branch builds an issue per cell: an OI page's reply check cost
 * five times an ACM page's; docs/architecture.md). The looseObject keeps every key for the full row check.
 */
const contestRankRowSchema = z.union([
  z.looseObject({ ac: z.number() }).pipe(acmContestRankRowSchema),
  oiContestRankRowSchema,
]);

/**
 * A page of the board; a board asked for at a past instant or position (issue 13) also names the position it
 * was folded to and the store's head then.
 */
export const contestRankPageSchema = pageOf(contestRankRowSchema).extend({
  position: eventPosition.optional(),
  headPosition: eventPosition.optional(),
});
export type ContestRankPage = z.infer<typeof contestRankPageSchema>;
