import { z } from 'zod';
import { apiGet } from '@/lib/api-client';
import { contestSchema, pageOf } from './contest-schemas';

export type ContestListQuery = { currentPage: number; limit: number; status?: number; type?: number; keyword?: string };

const replySchema = pageOf(contestSchema);
export type ContestPage = z.infer<typeof replySchema>;

/** GET /api/get-contest-list (reference §1.1): visible non-group contests, page size 10. */
export const getContestList = (query: ContestListQuery) => apiGet('/get-contest-list', replySchema, { query });
