import { z } from 'zod';

const rowBase = {
  rank: z.number(),
  isWinAward: z.boolean().nullish(),
  awardName: z.string().nullish(),
  awardBackground: z.string().nullish(),
  awardColor: z.string().nullish(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullish(),
  nickname: z.string().nullish(),
  school: z.string().nullish(),
  gender: z.string().nullish(),
  avatar: z.string().nullish(),
};

export const acmCellSchema = z.looseObject({
  errorNum: z.number().default(0),
  isAC: z.boolean().nullish(),
  isFirstAC: z.boolean().nullish(),
  ACTime: z.number().nullish(),
  isAfterContest: z.boolean().nullish(),
  tryNum: z.number().nullish(),
});
export type AcmCell = z.infer<typeof acmCellSchema>;

/** ACMContestRankVO (reference §2.7). */
export const acmRowSchema = z.looseObject({
  ...rowBase,
  ac: z.number(),
  total: z.number().nullish(),
  totalTime: z.number(),
  submissionInfo: z.record(z.string(), acmCellSchema).default({}),
});
export type AcmRow = z.infer<typeof acmRowSchema>;

/** OIContestRankVO (reference §2.9). */
export const oiRowSchema = z.looseObject({
  ...rowBase,
  totalScore: z.number(),
  totalTime: z.number().nullish(),
  submissionInfo: z.record(z.string(), z.number().nullable()).default({}),
  timeInfo: z.record(z.string(), z.number()).nullish(),
});
export type OiRow = z.infer<typeof oiRowSchema>;

export const rankPageSchema = z.looseObject({
  records: z.array(z.union([acmRowSchema, oiRowSchema])),
  total: z.number(),
});

export type RankRow = AcmRow | OiRow;
export const isAcmRow = (row: RankRow): row is AcmRow => 'ac' in row && typeof row.ac === 'number';
