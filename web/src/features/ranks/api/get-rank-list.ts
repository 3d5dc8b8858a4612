import { acmRankRowSchema, pageOf, oiRankRowSchema, type AcmRankRow, type OiRankRow } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type { AcmRankRow, OiRankRow };
export type RankKind = 'acm' | 'oi';

/** Spec 000 §9: fifty rows a page. */
export const rankPageSize = 50;

type RankQuery = { currentPage: number; searchUser: string };

/** GET /api/get-rank-list?type=0 (api-core §5): ac desc, then total asc. */
export const getAcmRankList = ({ currentPage, searchUser }: RankQuery) =>
  apiGet('/get-rank-list', pageOf(acmRankRowSchema), {
    query: { type: 0, currentPage, limit: rankPageSize, searchUser },
  });

/** GET /api/get-rank-list?type=1: score desc, then ac desc. */
export const getOiRankList = ({ currentPage, searchUser }: RankQuery) =>
  apiGet('/get-rank-list', pageOf(oiRankRowSchema), {
    query: { type: 1, currentPage, limit: rankPageSize, searchUser },
  });
