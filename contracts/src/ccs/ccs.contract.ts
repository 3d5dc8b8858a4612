/* eslint-disable max-lines -- every object of the ICPC Contest API (2023-06) as the spec lists them, in one contract. */
import { z } from 'zod';

/**
 * The ICPC Contest API, 2023-06 release (issue 13 item 3, docs/ccs.md), under /api/ccs. The object schemas are
 * written from the specification's rules (required fields, id and time formats, enums), not copied from its JSON
 * schema files; the tests validate every object the API serves against them.
 */

/**
 * An identifier: letters, digits and `_` first; then letters, digits, `_`, `.` and `-`, not ending with `.`; at
 * most 36 characters.
 */
export const ccsId = z.string().regex(/^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$/);
/** TIME: ISO 8601, milliseconds as three digits when present, an explicit offset (or Z). */
export const ccsTime = z
  .string()
  .regex(/^[12]\d{3}-[01]\d-[0-3]\dT[0-2]\d:[0-6]\d:[0-6]\d(\.\d{3})?([+-][01]\d(:[0-5]\d)?|Z)$/);
/** RELTIME: (-)?(h)*h:mm:ss(.uuu)?, hours without leading zeros. */
export const ccsRelTime = z.string().regex(/^-?([1-9]\d*)?\d:[0-5]\d:[0-5]\d(\.\d{3})?$/);
/** The spec's known judgement type ids (a judgement may use another only if judgement-types lists it). */
export const ccsKnownJudgementTypeIds = [
  'AC',
  'RE',
  'WA',
  'TLE',
  'RTE',
  'CE',
  'APE',
  'OLE',
  'PE',
  'EO',
  'IO',
  'NO',
  'WTL',
  'ILE',
  'TCO',
  'TWA',
  'TPE',
  'TEO',
  'TIO',
  'TNO',
  'MLE',
  'SV',
  'IF',
  'RCO',
  'RWA',
  'RPE',
  'REO',
  'RIO',
  'RNO',
  'CTL',
  'JE',
  'SE',
  'CS',
] as const;

export const ccsContestParams = z.object({ contestId: ccsId });
export const ccsObjectParams = z.object({ contestId: ccsId, objectId: ccsId });

/** The feed's query: `since_token` resumes after that token; `stream=true` keeps the connection open. */
export const ccsEventFeedQuery = z.object({
  since_token: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  stream: z.enum(['true', 'false']).default('false'),
});

export const ccsApiInfo = z.object({
  version: z.literal('2023-06'),
  version_url: z.string().url(),
  name: z.string().optional(),
  provider: z.object({ name: z.string(), version: z.string().optional() }).optional(),
});

export const ccsContest = z.object({
  id: ccsId,
  name: z.string(),
  formal_name: z.string().optional(),
  start_time: ccsTime.nullable(),
  countdown_pause_time: ccsRelTime.nullable().optional(),
  duration: ccsRelTime,
  scoreboard_freeze_duration: ccsRelTime.nullable().optional(),
  scoreboard_type: z.enum(['pass-fail', 'score']),
  penalty_time: ccsRelTime.optional(),
});

export const ccsJudgementType = z.object({
  id: ccsId,
  name: z.string(),
  penalty: z.boolean(),
  solved: z.boolean(),
});

export const ccsLanguage = z.object({
  id: ccsId,
  name: z.string(),
  entry_point_required: z.boolean(),
  extensions: z.array(z.string()),
});

export const ccsProblem = z.object({
  id: ccsId,
  label: z.string(),
  name: z.string(),
  ordinal: z.number().int(),
  rgb: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/)
    .optional(),
  color: z.string().optional(),
  time_limit: z.number().nonnegative().optional(),
  test_data_count: z.number().int().nonnegative(),
  /** Required iff the contest's scoreboard_type is `score` (checked with the contest: ccsProblemFits). */
  max_score: z.number().optional(),
});

export const ccsTeam = z.object({
  id: ccsId,
  label: z.string().optional(),
  name: z.string(),
  display_name: z.string().optional(),
  organization_id: ccsId.nullable().optional(),
  group_ids: z.array(ccsId).optional(),
  hidden: z.boolean().optional(),
});

export const ccsOrganization = z.object({
  id: ccsId,
  name: z.string(),
  formal_name: z.string().optional(),
  country: z.string().optional(),
});

/** A group of teams (a site, a division); the site has none, the list is always empty. */
export const ccsGroup = z.object({
  id: ccsId,
  icpc_id: z.string().nullable().optional(),
  name: z.string(),
  type: z.string().nullable().optional(),
  hidden: z.boolean().optional(),
});

export const ccsAccount = z.object({
  id: ccsId,
  username: z.string(),
  name: z.string().optional(),
  type: z.enum(['team', 'judge', 'admin', 'analyst', 'staff']).nullable(),
  team_id: ccsId.nullable().optional(),
});

export const ccsState = z.object({
  started: ccsTime.nullable(),
  frozen: ccsTime.nullable(),
  ended: ccsTime.nullable(),
  thawed: ccsTime.nullable(),
  finalized: ccsTime.nullable(),
  end_of_updates: ccsTime.nullable(),
});

export const ccsFileRef = z.object({
  href: z.string(),
  filename: z.string().optional(),
  mime: z.string(),
});

export const ccsSubmission = z.object({
  id: ccsId,
  language_id: ccsId,
  problem_id: ccsId,
  team_id: ccsId,
  time: ccsTime,
  contest_time: ccsRelTime,
  files: z.array(ccsFileRef),
});

export const ccsJudgement = z.object({
  id: ccsId,
  submission_id: ccsId,
  judgement_type_id: ccsId.nullable(),
  score: z.number().optional(),
  start_time: ccsTime,
  start_contest_time: ccsRelTime,
  end_time: ccsTime.nullable(),
  end_contest_time: ccsRelTime.nullable(),
  max_run_time: z.number().nonnegative().nullable().optional(),
});

export const ccsRun = z.object({
  id: ccsId,
  judgement_id: ccsId,
  ordinal: z.number().int().positive(),
  judgement_type_id: ccsId,
  time: ccsTime,
  contest_time: ccsRelTime,
  run_time: z.number().nonnegative().optional(),
});

/** A pass-fail row scores problems solved and penalty time; a score row its score (the spec's oneOf). */
const ccsRowScore = z.union([
  z
    .object({ num_solved: z.number().int().nonnegative(), total_time: ccsRelTime, time: ccsRelTime.optional() })
    .strict(),
  z.object({ score: z.number(), time: ccsRelTime.optional() }).strict(),
]);

/** A cell: `solved` (pass-fail) or `score` (score), and `time` iff solved or scored above zero. */
const ccsScoreboardCell = z
  .object({
    problem_id: ccsId,
    num_judged: z.number().int().nonnegative(),
    num_pending: z.number().int().nonnegative(),
    solved: z.boolean().optional(),
    score: z.number().nonnegative().optional(),
    time: ccsRelTime.optional(),
    first_to_solve: z.boolean().optional(),
  })
  .superRefine((cell, context) => {
    if ((cell.solved === undefined) === (cell.score === undefined)) {
      context.addIssue({ code: 'custom', message: 'a cell has exactly one of solved and score' });
    }
    const counts = cell.solved === true || (cell.score ?? 0) > 0;
    if (counts !== (cell.time !== undefined)) {
      context.addIssue({ code: 'custom', message: 'time is required iff solved or score > 0' });
    }
  });

export const ccsScoreboard = z.object({
  time: ccsTime,
  contest_time: ccsRelTime,
  state: ccsState,
  rows: z.array(
    z.object({
      rank: z.number().int().positive(),
      team_id: ccsId,
      score: ccsRowScore,
      problems: z.array(ccsScoreboardCell),
    }),
  ),
});

/** A clarification (question, answer or announcement); empty until the site has contest discussions. */
export const ccsClarification = z.object({
  id: ccsId,
  from_team_id: ccsId.nullable().optional(),
  to_team_ids: z.array(ccsId).nullable().optional(),
  to_group_ids: z.array(ccsId).nullable().optional(),
  reply_to_id: ccsId.nullable().optional(),
  problem_id: ccsId.nullable().optional(),
  text: z.string(),
  time: ccsTime,
  contest_time: ccsRelTime,
});

export const ccsAward = z.object({
  id: ccsId,
  citation: z.string(),
  team_ids: z.array(ccsId),
});

/** One line of the event feed (2023-06 format): `data` null is a deletion. */
export const ccsEventTypes = [
  'contest',
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'organizations',
  'teams',
  'state',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
  'accounts',
] as const;
export const ccsEvent = z.object({
  type: z.enum(ccsEventTypes),
  id: ccsId.nullable(),
  data: z.unknown(),
  token: z.string().min(1),
});

/**
 * The contest package (the spec's Contest Package, 2023-06) of GET /api/ccs/contests/{id}/contest-package, for the
 * contest's admins: a zip holding these files, and each submission's source at submissions/<id>/files.zip.
 */
export const ccsContestPackageFiles = [
  'api.json',
  'contest.json',
  'state.json',
  'judgement-types.json',
  'languages.json',
  'problems.json',
  'teams.json',
  'groups.json',
  'organizations.json',
  'clarifications.json',
  'awards.json',
  'accounts.json',
  'submissions.json',
  'judgements.json',
  'runs.json',
  'scoreboard.json',
  'event-feed.ndjson',
] as const;
export const ccsContestPackagePath = (contestId: string): string => `/ccs/contests/${contestId}/contest-package`;

export type CcsContest = z.infer<typeof ccsContest>;
export type CcsJudgementType = z.infer<typeof ccsJudgementType>;
export type CcsLanguage = z.infer<typeof ccsLanguage>;
export type CcsProblem = z.infer<typeof ccsProblem>;
export type CcsTeam = z.infer<typeof ccsTeam>;
export type CcsAccount = z.infer<typeof ccsAccount>;
export type CcsOrganization = z.infer<typeof ccsOrganization>;
export type CcsState = z.infer<typeof ccsState>;
export type CcsSubmission = z.infer<typeof ccsSubmission>;
export type CcsJudgement = z.infer<typeof ccsJudgement>;
export type CcsRun = z.infer<typeof ccsRun>;
export type CcsScoreboard = z.infer<typeof ccsScoreboard>;
export type CcsAward = z.infer<typeof ccsAward>;
export type CcsEvent = z.infer<typeof ccsEvent>;
