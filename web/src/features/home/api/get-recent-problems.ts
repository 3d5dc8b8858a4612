import { z } from 'zod';
import { recentProblemSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type RecentProblem = z.infer<typeof recentProblemSchema>;

/** GET /api/get-recent-updated-problem (api-core §2). */
export const getRecentProblems = () => apiGet('/get-recent-updated-problem', z.array(recentProblemSchema));
