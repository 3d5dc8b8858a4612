import { z } from 'zod';
import { apiGet } from '@/lib/api-client';
import { contestSchema } from '@/lib/contest-schemas';
import { tolerantPageOf } from '@/lib/tolerant-reply';

export type ContestListQuery = { currentPage: number; limit: number; status?: number; type?: number; keyword?: string };

const replySchema = tolerantPageOf(contestSchema);
export type ContestPage = z.infer<typeof replySchema>;

/** GET /api/get-contest-list (reference §1.1): visible non-group contests, page size 10. */
export const getContestList = (query: ContestListQuery) => apiGet('/get-contest-list', replySchema, { query });
