import { z } from 'zod';
import { boundedText, idParam, textMax } from '../input/bounded-input.contract';
import { pageNumber, pageSizeOf } from '../paging/paging.contract';
import { pageOf } from '../paging/page.contract';
import { problemEntity } from '../problems/problems-queries.contract';
import { contestProblemLinkRow } from './contests-queries.contract';

/** Request and reply schemas of the contest back office's problem reads (api-contest-training.md §1.3). */

const pageSize = pageSizeOf(10);

/**
 * GET /api/admin/contest/get-problem-list: without `problemType` the contest's own problems, with it the
 * candidates to add (0 ACM, 1 OI; anything else is refused). `oj` is accepted and ignored: every problem
 * here is local.
 */
export const adminContestProblemListQuery = z.object({
  cid: idParam,
  problemType: z.coerce.number().int().min(0).max(1).optional(),
  keyword: boundedText(textMax.line)
    .optional()
    .transform((value) => value?.trim() ?? ''),
  currentPage: pageNumber.default(1),
  limit: pageSize.default(10),
  oj: boundedText(textMax.line).optional(),
});

/** GET /api/admin/contest/contest-problem. */
export const adminContestProblemQuery = z.object({
  cid: idParam,
  pid: idParam,
});

/**
 * GET /api/admin/contest/get-problem-list's reply: a page of Problem (the contest's own problems, on one page,
 * carry only id, display title and auth; the candidates are whole entities), the contest's links by pid, and,
 * ours, the contest's type (0 ACM, 1 OI; null without such a contest).
 */
export const adminContestProblemListSchema = z.object({
  problemList: pageOf(problemEntity.pick({ id: true, title: true, auth: true })),
  contestProblemMap: z.record(z.string(), contestProblemLinkRow),
  type: z.union([z.literal(0), z.literal(1)]).nullable(),
});
