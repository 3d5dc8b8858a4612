import { z } from 'zod';

/**
 * Request schemas of the contest command calls (api-contest-training.md §1.1, §1.3). Field names are HOJ's.
 * Validation that has a spec message (title, type, auth …) is left to the deciders, so the body schemas
 * only fix the shapes.
 */

const instantText = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date');

export const contestAwardBody = z.object({
  priority: z.number().int().default(0),
  name: z.string().default(''),
  background: z.string().default(''),
  color: z.string().default(''),
  num: z.number().int().nullable().default(null),
});

/** AdminContestVO as POST and PUT /api/admin/contest send it. */
export const adminContestBody = z.object({
  id: z.coerce.number().int().positive().nullish(),
  title: z.string().nullish(),
  type: z.number().int().nullish(),
  description: z.string().nullish(),
  source: z.string().nullish(),
  auth: z.number().int().nullish(),
  pwd: z.string().nullish(),
  startTime: instantText,
  endTime: instantText,
  duration: z.number().int().nullish(),
  sealRank: z.boolean().nullish(),
  sealRankTime: instantText.nullish(),
  autoRealRank: z.boolean().nullish(),
  openPrint: z.boolean().nullish(),
  openAccountLimit: z.boolean().nullish(),
  accountLimitRule: z.string().nullish(),
  rankShowName: z.enum(['username', 'nickname', 'realname']).nullish(),
  starAccount: z.array(z.string()).nullish(),
  openRank: z.boolean().nullish(),
  oiRankScoreType: z.string().nullish(),
  awardType: z.number().int().min(0).max(2).nullish(),
  awardConfigList: z.array(contestAwardBody).nullish(),
  allowEndSubmit: z.boolean().nullish(),
});
export type AdminContestBody = z.infer<typeof adminContestBody>;

export const contestIdQuery = z.object({ cid: z.coerce.number().int().positive() });

export const changeContestVisibleQuery = z.object({
  cid: z.coerce.number().int().positive(),
  visible: z.enum(['true', 'false']).transform((text) => text === 'true'),
});

export const registerContestBody = z.object({
  cid: z.coerce.number().int().positive().nullish(),
  password: z.string().nullish(),
});

export const addProblemFromPublicBody = z.object({
  pid: z.coerce.number().int().positive(),
  cid: z.coerce.number().int().positive(),
  displayId: z.string().trim().min(1),
});

/** PUT /api/admin/contest/contest-problem: HOJ's ContestProblem row; without `id` it links `pid`. */
export const contestProblemBody = z.object({
  id: z.coerce.number().int().positive().nullish(),
  cid: z.coerce.number().int().positive(),
  pid: z.coerce.number().int().positive().nullish(),
  displayId: z.string().trim().min(1),
  displayTitle: z.string().default(''),
  color: z.string().nullish(),
});

export const removeContestProblemQuery = z.object({
  pid: z.coerce.number().int().positive(),
  cid: z.coerce.number().int().positive(),
});

export const contestAnnouncementBody = z.object({
  cid: z.coerce.number().int().positive(),
  announcement: z.object({
    id: z.coerce.number().int().positive().nullish(),
    title: z.string().default(''),
    content: z.string().default(''),
    status: z.number().int().min(0).max(1).default(0),
  }),
});

export const contestAnnouncementIdQuery = z.object({
  aid: z.coerce.number().int().positive(),
  cid: z.coerce.number().int().positive().optional(),
});

/** PUT /api/check-contest-ac-info: `id` is the contest record, i.e. the submission id here. */
export const checkContestAcInfoBody = z.object({
  id: z.coerce.number().int().positive(),
  cid: z.coerce.number().int().positive(),
  checked: z.boolean(),
});

export const submitPrintTextBody = z.object({
  cid: z.coerce.number().int().positive(),
  content: z.string(),
});

export const checkContestPrintQuery = z.object({
  id: z.coerce.number().int().positive(),
  cid: z.coerce.number().int().positive(),
});
