import { z } from 'zod';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));

/** ContestVO as get-contest-list, get-contest-info and the outside info give it (reference Part 1 §1.1). */
export const contestSchema = z.looseObject({
  id,
  title: z.string(),
  author: z.string().nullish(),
  description: z.string().nullish(),
  type: z.number(),
  status: z.number(),
  source: z.union([z.string(), z.number()]).nullish(),
  auth: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().nullish(),
  openRank: z.boolean().nullish(),
  openPrint: z.boolean().nullish(),
  sealRank: z.boolean().nullish(),
  sealRankTime: z.string().nullish(),
  rankShowName: z.string().nullish(),
  oiRankScoreType: z.string().nullish(),
  gid: id.nullish(),
  allowEndSubmit: z.boolean().nullish(),
  count: z.number().nullish(),
  now: z.string().nullish(),
});
export type Contest = z.infer<typeof contestSchema>;

/** ContestProblemVO of get-contest-problem; `id` is the link row, `pid` the problem. */
export const contestProblemSchema = z.looseObject({
  id: id.nullish(),
  displayId: z.string(),
  cid: id.nullish(),
  pid: id,
  displayTitle: z.string().nullish(),
  color: z.string().nullish(),
  ac: z.number().nullish(),
  total: z.number().nullish(),
});
export type ContestProblem = z.infer<typeof contestProblemSchema>;

export const contestType = { acm: 0, oi: 1 } as const;
export const contestAuth = { public: 0, private: 1, protected: 2 } as const;
export const contestStatus = { scheduled: -1, running: 0, ended: 1 } as const;
