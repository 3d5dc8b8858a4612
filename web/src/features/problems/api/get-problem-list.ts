import { apiGet } from '@/lib/api-client';
import { tolerantPageOf } from '@/lib/tolerant-reply';
import { problemRowSchema } from '@/lib/problem-schemas';

export type ProblemListRequest = {
  keyword?: string;
  difficulty?: number;
  oj?: string;
  tagIds: readonly number[];
  currentPage: number;
  limit: number;
};

const replySchema = tolerantPageOf(problemRowSchema);

/** GET /api/get-problem-list (api-core §3): only non-empty filters are sent; tagId as a comma string. */
export const getProblemList = (request: ProblemListRequest) =>
  apiGet('/get-problem-list', replySchema, {
    query: {
      keyword: request.keyword,
      difficulty: request.difficulty,
      oj: request.oj,
      tagId: request.tagIds.length > 0 ? request.tagIds.join(',') : undefined,
      currentPage: request.currentPage,
      limit: request.limit,
    },
  });
