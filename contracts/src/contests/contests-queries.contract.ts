import { z } from 'zod';
import { boundedText, idList, idParam, int4, listMax, textMax } from '../input/bounded-input.contract';
import { pageNumber, pageSizeOf } from '../paging/paging.contract';
import { lenientFlagParam } from './flag-param.contract';
import { problemCount, problemDetailReply, problemEntity } from '../problems/problems-queries.contract';
import { submissionListRowSchema } from '../submissions/submissions-queries.contract';

/** Request schemas of the contest read calls (api-contest-training.md §1.1–1.3); field names are HOJ's. */

const page = pageNumber;
const limitOf = (fallback: number) => pageSizeOf(fallback);
const keyword = boundedText(textMax.line).nullish();

export const contestListQuery = z.object({
  limit: limitOf(10).default(10),
  currentPage: page.default(1),
  status: z.coerce.number().int().min(-1).max(1).nullish().catch(null),
  type: z.coerce.number().int().min(0).max(1).nullish().catch(null),
  keyword,
});

export const contestCidQuery = z.object({ cid: idParam });

export const contestProblemQuery = z.object({
  cid: idParam,
  containsEnd: lenientFlagParam.default(false),
});

export const contestProblemDetailsQuery = z.object({
  cid: idParam,
  displayId: boundedText(textMax.line).min(1),
  containsEnd: lenientFlagParam.default(false),
});

/** ContestRankDTO (get-contest-rank and get-contest-outside-scoreboard). */
export const contestRankBody = z.object({
  cid: idParam.nullish(),
  currentPage: page.default(1),
  limit: limitOf(50).default(50),
  forceRefresh: lenientFlagParam.default(false),
  removeStar: lenientFlagParam.default(false),
  keyword,
  containsEnd: lenientFlagParam.default(false),
  /** Usernames or uids to show beside the page; more than a board page's worth is refused (F20). */
  concernedList: z
    .array(z.coerce.string().pipe(boundedText(textMax.line)))
    .max(listMax.ids)
    .nullish(),
  externalCidList: z.array(int4).max(listMax.ids).nullish(),
  /**
   * The board as it stood at a past instant (ISO 8601) or event position, folded from the events (issue 13):
   * for contest admins, and for everyone once the contest has ended. `position` wins over `at`.
   */
  at: z
    .string()
    .max(40)
    .pipe(z.iso.datetime({ offset: true }))
    .nullish(),
  position: z
    .union([z.string().regex(/^\d{1,18}$/), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
    .transform((value) => BigInt(value))
    .nullish(),
});

export const contestAnnouncementQuery = z.object({
  cid: idParam,
  limit: limitOf(10).default(10),
  currentPage: page.default(1),
});

export const notReadAnnouncementBody = z.object({
  cid: idParam,
  readAnnouncementList: z.array(int4).max(listMax.items).nullish(),
});

/** The websocket topic a contest's boards change on (pushed by the scoreboard projections). */
export const contestScoreboardTopic = (contestId: number): string => `contest-scoreboard:${contestId}`;

/** GET /api/contest-submissions (§1.1); problemID is a display id. */
export const contestSubmissionsQuery = z.object({
  contestID: idParam,
  beforeContestSubmit: lenientFlagParam.default(false),
  limit: limitOf(30).default(30),
  currentPage: page.default(1),
  onlyMine: lenientFlagParam.default(false),
  problemID: boundedText(textMax.line).nullish(),
  completeProblemID: lenientFlagParam.default(false),
  status: int4.nullish().catch(null),
  username: boundedText(textMax.line).nullish(),
  containsEnd: lenientFlagParam.default(false),
});

export const contestSubmissionsStatusBody = z.object({
  submitIds: idList().default([]),
  cid: idParam.nullish(),
});

export const contestAdminPageQuery = z.object({
  cid: idParam,
  currentPage: page.default(1),
  limit: limitOf(30).default(30),
});

export const printIdQuery = z.object({ id: idParam });

/** HOJ's ContestVO as get-contest-info sends it (contests §1.1). */
export const contestInfoSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  openPrint: z.boolean(),
  title: z.string(),
  /** 0 ACM, 1 OI. */
  type: z.number().int(),
  /** -1 scheduled, 0 running, 1 ended, at `now`. */
  status: z.number().int(),
  description: z.string(),
  sealRank: z.boolean(),
  sealRankTime: z.string().nullable(),
  source: z.string(),
  /** 0 public, 1 private, 2 protected. */
  auth: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  /** Seconds. */
  duration: z.number().int(),
  rankShowName: z.string(),
  openRank: z.boolean(),
  oiRankScoreType: z.string(),
  gid: z.null(),
  allowEndSubmit: z.boolean(),
  /** Participants; null where the caller does not count them. */
  count: z.number().int().nullable(),
  now: z.string(),
});
export type ContestInfo = z.infer<typeof contestInfoSchema>;

/** A row of get-contest-list: the ContestVO without the fields only the contest page needs. */
export const contestListRowSchema = contestInfoSchema.omit({
  openPrint: true,
  sealRank: true,
  sealRankTime: true,
  rankShowName: true,
  now: true,
});
export type ContestListRow = z.infer<typeof contestListRowSchema>;

/** One award tier (contests §2.8); `num` is a percent for awardType 1 and a head count for awardType 2. */
export const contestAwardRow = z.object({
  priority: z.number().int(),
  name: z.string(),
  background: z.string(),
  color: z.string(),
  num: z.number().int().nullable(),
});

/** HOJ's AdminContestVO (contests §1.3): the ContestVO with every admin form field, the entry password included. */
export const adminContestSchema = contestInfoSchema.omit({ count: true, now: true }).extend({
  uid: z.string(),
  pwd: z.string().nullable(),
  autoRealRank: z.boolean(),
  visible: z.boolean(),
  openAccountLimit: z.boolean(),
  accountLimitRule: z.string().nullable(),
  starAccount: z.array(z.string()),
  /** 0 none, 1 by percent, 2 by head count. */
  awardType: z.number().int(),
  awardConfigList: z.array(contestAwardRow),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type AdminContest = z.infer<typeof adminContestSchema>;

/**
 * HOJ's ContestProblem, a problem's link into a contest (contests §1.3): `id` is the link, `pid` the problem.
 * PUT /api/admin/contest/contest-problem answers it; the back office's reads add its gmtCreate and gmtModified.
 */
export const contestProblemLink = z.object({
  id: z.number().int(),
  displayId: z.string(),
  cid: z.number().int(),
  pid: z.number().int(),
  displayTitle: z.string(),
  color: z.string().nullable(),
});

/** HOJ's ContestProblemVO of get-contest-problem (contests §1.1): the link and its counts. */
export const contestProblemRow = contestProblemLink.extend({
  /** Accepted and total submissions, cut at the seal where the viewer sees a sealed board (§2.11). */
  ac: z.number().int(),
  total: z.number().int(),
});
export type ContestProblemRow = z.infer<typeof contestProblemRow>;

/** HOJ's ContestProblem as the reads give it (the outside board's header, the contest's problem editor). */
export const contestProblemLinkRow = contestProblemLink.extend({ gmtCreate: z.string(), gmtModified: z.string() });
export type ContestProblemLinkRow = z.infer<typeof contestProblemLinkRow>;

/** get-recent-contest's ContestVO (api-core §2): the fields it fills; every other ContestVO field is null. */
export const recentContestSchema = contestInfoSchema.pick({
  id: true,
  author: true,
  title: true,
  type: true,
  source: true,
  auth: true,
  status: true,
  startTime: true,
  endTime: true,
  duration: true,
  oiRankScoreType: true,
  gid: true,
});

/** get-contest-access (§1.1): whether the caller holds a registration for the contest. */
export const contestAccessSchema = z.object({ access: z.boolean() });

/** A row of the back office's contest list (§1.3): the AdminContestVO without the entry password. */
export const adminContestListRowSchema = adminContestSchema.omit({ pwd: true });

/** get-contest-outsize-info (§1.1): the outside board's header, its ContestVO and every problem link of it. */
export const contestOutsideInfoSchema = z.object({
  contest: contestInfoSchema,
  problemList: z.array(contestProblemLinkRow),
});

/**
 * get-contest-problem-details' ProblemInfoVO (§1.1): the bank's detail named by the contest, with source, author
 * and difficulty null until the end, and the counts over the contest's rows (`pid` null).
 */
export const contestProblemDetailsSchema = problemDetailReply.extend({
  problem: problemEntity.extend({
    source: z.string().nullable(),
    author: z.string().nullable(),
    difficulty: z.number().int().nullable(),
  }),
  problemCount: problemCount.extend({ pid: z.null() }),
});

/**
 * JudgeVO as the contest's submission list fills it (§1.1): the contest's display id instead of the bank's ids;
 * `length` null with `time` and `memory` where the viewer may not see another's figures.
 */
export const contestSubmissionRowSchema = submissionListRowSchema.extend({
  displayId: z.string(),
  pid: z.null(),
  displayPid: z.null(),
  oiRankScore: z.null(),
  length: z.number().int().nullable(),
});
export type ContestSubmissionRow = z.infer<typeof contestSubmissionRowSchema>;
