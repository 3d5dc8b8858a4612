import { apiPost } from '@/lib/api-client';
import { tolerantPageOf } from '@/lib/tolerant-reply';
import { acmRowSchema, oiRowSchema } from './rank-schemas';

export type RankRequest = {
  cid: string;
  currentPage: number;
  limit: number;
  forceRefresh: boolean;
  removeStar: boolean;
  keyword?: string;
  containsEnd: boolean;
  concernedList: readonly string[];
  /** ISO instant: the board as it stood then (contest admins; everyone after the end). */
  at?: string;
};

const bodyOf = (request: RankRequest) => ({
  ...request,
  cid: Number(request.cid),
  keyword: request.keyword?.trim() || undefined,
  concernedList: [...request.concernedList],
});

/** POST /api/get-contest-rank (reference §1.1): sealed or live by the server's decision (§2.10). */
export const getContestRank = (request: RankRequest, type: number) =>
  type === 1
    ? apiPost('/get-contest-rank', bodyOf(request), tolerantPageOf(oiRowSchema))
    : apiPost('/get-contest-rank', bodyOf(request), tolerantPageOf(acmRowSchema));

/** POST /api/get-contest-outside-scoreboard: anonymous, no own row pinned; `silent` so a failure only stops refresh. */
export const getOutsideScoreboard = (request: RankRequest, type: number) =>
  type === 1
    ? apiPost('/get-contest-outside-scoreboard', bodyOf(request), tolerantPageOf(oiRowSchema))
    : apiPost('/get-contest-outside-scoreboard', bodyOf(request), tolerantPageOf(acmRowSchema));

/** How many rows the contest's board has (the scroll-board tab's default medal counts): starred teams left out. */
export const getContestRankTotal = async (cid: string) => {
  const request = {
    cid,
    currentPage: 1,
    limit: 10,
    forceRefresh: true,
    removeStar: true,
    containsEnd: false,
    concernedList: [],
  };
  return (await getContestRank(request, 0)).total;
};
