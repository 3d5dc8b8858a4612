import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** The few contest fields the home panel shows; the contests area owns the full shape. */
const recentContestSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  startTime: z.string().nullish(),
  status: z.number().nullish(),
});
export type RecentContest = z.infer<typeof recentContestSchema>;

const otherContestSchema = z.looseObject({
  oj: z.string().nullish(),
  title: z.string(),
  beginTime: z.string().nullish(),
  url: z.string().nullish(),
});
export type OtherContest = z.infer<typeof otherContestSchema>;

/** GET /api/get-recent-contest (api-core §2). */
export const getRecentContests = () => apiGet('/get-recent-contest', z.array(recentContestSchema));

/** GET /api/get-recent-other-contest: HOJ answers null when its cache is empty; both mean "none". */
export const getRecentOtherContests = () =>
  apiGet('/get-recent-other-contest', z.array(otherContestSchema).nullable(), { silent: true });
