import { z } from 'zod';
import { acmContestRankRowSchema, acmRankCellSchema, oiContestRankRowSchema } from '@oj/contracts';
import { tolerantOf } from '@/lib/tolerant-reply';

/** One ACM cell (the contract's acmRankCellSchema, read tolerantly): a missing errorNum counts as none. */
export const acmCellSchema = tolerantOf(acmRankCellSchema).extend({ errorNum: z.number().default(0) });
export type AcmCell = z.infer<typeof acmCellSchema>;

/** ACMContestRankVO (reference §2.7): the contract's row; a row without cells renders as empty. */
export const acmRowSchema = tolerantOf(acmContestRankRowSchema, ['rank', 'uid', 'username', 'ac', 'totalTime']).extend({
  submissionInfo: z.record(z.string(), acmCellSchema).default({}),
});
export type AcmRow = z.infer<typeof acmRowSchema>;

/** OIContestRankVO (reference §2.9): the contract's row; a row without scores renders as empty. */
export const oiRowSchema = tolerantOf(oiContestRankRowSchema, ['rank', 'uid', 'username', 'totalScore']).extend({
  submissionInfo: z.record(z.string(), z.number().nullable()).default({}),
});
export type OiRow = z.infer<typeof oiRowSchema>;

export type RankRow = AcmRow | OiRow;
export const isAcmRow = (row: RankRow): row is AcmRow => 'ac' in row && typeof row.ac === 'number';
