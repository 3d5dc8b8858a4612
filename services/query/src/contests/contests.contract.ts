import { z } from 'zod';
import { lenientFlagParam } from './flag-param.contract';

/** Request schemas of the contest read calls (api-contest-training.md §1.1–1.3); field names are HOJ's. */

const page = z.coerce
  .number()
  .int()
  .catch(1)
  .transform((value) => (value < 1 ? 1 : value));
const limitOf = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .catch(fallback)
    .transform((value) => (value < 1 ? fallback : Math.min(value, 500)));

export const contestListQuery = z.object({
  limit: limitOf(10).default(10),
  currentPage: page.default(1),
  status: z.coerce.number().int().min(-1).max(1).nullish().catch(null),
  type: z.coerce.number().int().min(0).max(1).nullish().catch(null),
  keyword: z.string().nullish(),
});

export const contestCidQuery = z.object({ cid: z.coerce.number().int().positive() });

export const contestProblemQuery = z.object({
  cid: z.coerce.number().int().positive(),
  containsEnd: lenientFlagParam.default(false),
});

export const contestProblemDetailsQuery = z.object({
  cid: z.coerce.number().int().positive(),
  displayId: z.string().min(1),
  containsEnd: lenientFlagParam.default(false),
});

/** ContestRankDTO (get-contest-rank and get-contest-outside-scoreboard). */
export const contestRankBody = z.object({
  cid: z.coerce.number().int().positive().nullish(),
  currentPage: page.default(1),
  limit: limitOf(50).default(50),
  forceRefresh: lenientFlagParam.default(false),
  removeStar: lenientFlagParam.default(false),
  keyword: z.string().nullish(),
  containsEnd: lenientFlagParam.default(false),
  concernedList: z.array(z.coerce.string()).nullish(),
  externalCidList: z.array(z.number()).nullish(),
});

export const contestAnnouncementQuery = z.object({
  cid: z.coerce.number().int().positive(),
  limit: limitOf(10).default(10),
  currentPage: page.default(1),
});

export const notReadAnnouncementBody = z.object({
  cid: z.coerce.number().int().positive(),
  readAnnouncementList: z.array(z.coerce.number().int()).nullish(),
});

/** The websocket topic a contest's boards change on (pushed by the scoreboard projections). */
export const contestScoreboardTopic = (contestId: number): string => `contest-scoreboard:${contestId}`;

/** GET /api/contest-submissions (§1.1); problemID is a display id. */
export const contestSubmissionsQuery = z.object({
  contestID: z.coerce.number().int().positive(),
  beforeContestSubmit: lenientFlagParam.default(false),
  limit: limitOf(30).default(30),
  currentPage: page.default(1),
  onlyMine: lenientFlagParam.default(false),
  problemID: z.string().nullish(),
  completeProblemID: lenientFlagParam.default(false),
  status: z.coerce.number().int().nullish().catch(null),
  username: z.string().nullish(),
  containsEnd: lenientFlagParam.default(false),
});

export const contestSubmissionsStatusBody = z.object({
  submitIds: z.array(z.coerce.number().int()).default([]),
  cid: z.coerce.number().int().positive().nullish(),
});

export const contestAdminPageQuery = z.object({
  cid: z.coerce.number().int().positive(),
  currentPage: page.default(1),
  limit: limitOf(30).default(30),
});

export const printIdQuery = z.object({ id: z.coerce.number().int().positive() });
