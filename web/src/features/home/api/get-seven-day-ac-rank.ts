import { z } from 'zod';
import { recentAcRankRowSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type RecentAcRankRow = z.infer<typeof recentAcRankRowSchema>;

/** GET /api/get-recent-seven-ac-rank (api-core §2). */
export const getSevenDayAcRank = () => apiGet('/get-recent-seven-ac-rank', z.array(recentAcRankRowSchema));
