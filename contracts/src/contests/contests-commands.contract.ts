import { z } from 'zod';
import { boundedText, idParam, int4Json, listMax, textMax } from '../input/bounded-input.contract';

/**
 * Request schemas of the contest command calls (api-contest-training.md §1.1, §1.3). Field names are HOJ's.
 * Validation that has a spec message (title, type, auth …) is left to the deciders, so the body schemas
 * only fix the shapes.
 */

/**
 * The instants a contest may name (F5): years 1970–9999. A later year parses but serialises as `+010000-…`,
 * which the event catalogue's ISO format refuses; the contract says so before anything is decided.
 */
const earliestInstantMs = Date.UTC(1970, 0, 1);
const latestInstantMs = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const instantText = z.string().refine((text) => {
  const instantMs = Date.parse(text);
  return instantMs >= earliestInstantMs && instantMs <= latestInstantMs;
}, 'contests.timeOutOfRange');

const line = boundedText(textMax.line);

export const contestAwardBody = z.object({
  priority: int4Json.default(0),
  name: line.default(''),
  background: line.default(''),
  color: line.default(''),
  num: int4Json.nullable().default(null),
});

/** AdminContestVO as POST and PUT /api/admin/contest send it. */
export const adminContestBody = z.object({
  id: idParam.nullish(),
  /** HOJ's 500-character title and 65535-character description rules keep their messages in the decider. */
  title: line.nullish(),
  type: int4Json.nullish(),
  description: boundedText(textMax.document).nullish(),
  source: line.nullish(),
  auth: int4Json.nullish(),
  pwd: line.nullish(),
  startTime: instantText,
  endTime: instantText,
  duration: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  sealRank: z.boolean().nullish(),
  sealRankTime: instantText.nullish(),
  autoRealRank: z.boolean().nullish(),
  openPrint: z.boolean().nullish(),
  openAccountLimit: z.boolean().nullish(),
  accountLimitRule: boundedText(textMax.paragraph).nullish(),
  rankShowName: z.enum(['username', 'nickname', 'realname']).nullish(),
  starAccount: z.array(line).max(listMax.items).nullish(),
  openRank: z.boolean().nullish(),
  oiRankScoreType: line.nullish(),
  awardType: z.number().int().min(0).max(2).nullish(),
  awardConfigList: z.array(contestAwardBody).max(listMax.ids).nullish(),
  allowEndSubmit: z.boolean().nullish(),
});
export type AdminContestBody = z.infer<typeof adminContestBody>;

export const contestIdQuery = z.object({ cid: idParam });

export const changeContestVisibleQuery = z.object({
  cid: idParam,
  visible: z.enum(['true', 'false']).transform((text) => text === 'true'),
});

export const registerContestBody = z.object({
  cid: idParam.nullish(),
  password: line.nullish(),
});
export type RegisterContestBody = z.infer<typeof registerContestBody>;

export const addProblemFromPublicBody = z.object({
  pid: idParam,
  cid: idParam,
  displayId: line.trim().min(1),
});

/** PUT /api/admin/contest/contest-problem: HOJ's ContestProblem row; without `id` it links `pid`. */
export const contestProblemBody = z.object({
  id: idParam.nullish(),
  cid: idParam,
  pid: idParam.nullish(),
  displayId: line.trim().min(1),
  displayTitle: line.default(''),
  color: line.nullish(),
});

export const removeContestProblemQuery = z.object({
  pid: idParam,
  cid: idParam,
});

export const contestAnnouncementBody = z.object({
  cid: idParam,
  announcement: z.object({
    id: idParam.nullish(),
    title: line.default(''),
    content: boundedText(textMax.document).default(''),
    status: z.number().int().min(0).max(1).default(0),
  }),
});

export const contestAnnouncementIdQuery = z.object({
  aid: idParam,
  cid: idParam.optional(),
});

/** PUT /api/check-contest-ac-info: `id` is the contest record, i.e. the submission id here. */
export const checkContestAcInfoBody = z.object({
  id: idParam,
  cid: idParam,
  checked: z.boolean(),
});

export const submitPrintTextBody = z.object({
  cid: idParam,
  content: boundedText(textMax.document),
});

export const checkContestPrintQuery = z.object({
  id: idParam,
  cid: idParam,
});
