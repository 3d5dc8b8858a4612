import { z } from 'zod';
import { contestInfoSchema, otherContestRow } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

/** get-recent-contest's rows: the contract's ContestVO with only the listed fields set (the rest null). */
const recentContestSchema = tolerantOf(contestInfoSchema, ['title']).extend({ id: z.union([z.number(), z.string()]) });
export type RecentContest = z.infer<typeof recentContestSchema>;

const otherContestSchema = tolerantOf(otherContestRow, ['title']);
export type OtherContest = z.infer<typeof otherContestSchema>;

/** GET /api/get-recent-contest (api-core §2). */
export const getRecentContests = () => apiGet('/get-recent-contest', z.array(recentContestSchema));

/** GET /api/get-recent-other-contest: HOJ answers null when its cache is empty; both mean "none". */
export const getRecentOtherContests = () =>
  apiGet('/get-recent-other-contest', z.array(otherContestSchema).nullable(), { silent: true });
