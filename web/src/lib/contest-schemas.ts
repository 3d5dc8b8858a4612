import { z } from 'zod';
import { contestInfoSchema, contestProblemRow } from '@oj/contracts';
import { tolerantOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));

/**
 * ContestVO as get-contest-list, get-contest-info and the outside info give it (the contract's contestInfoSchema;
 * the list's rows lack the page-only fields, tolerated missing). Ids become strings; HOJ's source may be a number.
 */
export const contestSchema = tolerantOf(contestInfoSchema, [
  'title',
  'type',
  'status',
  'auth',
  'startTime',
  'endTime',
]).extend({ id, gid: id.nullish(), source: z.union([z.string(), z.number()]).nullish() });
export type Contest = z.infer<typeof contestSchema>;

/** ContestProblemVO of get-contest-problem (the contract's contestProblemRow); `id` is the link row, `pid` the problem. */
export const contestProblemSchema = tolerantOf(contestProblemRow, ['displayId']).extend({
  id: id.nullish(),
  cid: id.nullish(),
  pid: id,
});
export type ContestProblem = z.infer<typeof contestProblemSchema>;

export const contestType = { acm: 0, oi: 1 } as const;
export const contestAuth = { public: 0, private: 1, protected: 2 } as const;
export const contestStatus = { scheduled: -1, running: 0, ended: 1 } as const;
