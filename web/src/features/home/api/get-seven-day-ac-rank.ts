import { z } from 'zod';
import { acmRankRowSchema, type AcmRankRow } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

/** HOJ's ACMRankVO with `signature` and `total` null (api-core §2). */
export type RecentAcRankRow = AcmRankRow;

/** GET /api/get-recent-seven-ac-rank (api-core §2). */
export const getSevenDayAcRank = () => apiGet('/get-recent-seven-ac-rank', z.array(acmRankRowSchema));
