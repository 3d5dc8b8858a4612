import { z } from 'zod';

/** Request schemas of the contest back office's problem reads (api-contest-training.md §1.3). */

const pageNumber = z.coerce
  .number()
  .int()
  .catch(1)
  .transform((value) => (value < 1 ? 1 : value));
const pageSize = z.coerce
  .number()
  .int()
  .catch(10)
  .transform((value) => (value < 1 ? 10 : Math.min(value, 500)));

/**
 * GET /api/admin/contest/get-problem-list: without `problemType` the contest's own problems, with it the
 * candidates to add (0 ACM, 1 OI; anything else is refused). `oj` is accepted and ignored: every problem
 * here is local.
 */
export const adminContestProblemListQuery = z.object({
  cid: z.coerce.number().int().positive(),
  problemType: z.coerce.number().int().min(0).max(1).optional(),
  keyword: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? ''),
  currentPage: pageNumber.default(1),
  limit: pageSize.default(10),
  oj: z.string().optional(),
});

/** GET /api/admin/contest/contest-problem. */
export const adminContestProblemQuery = z.object({
  cid: z.coerce.number().int().positive(),
  pid: z.coerce.number().int().positive(),
});
