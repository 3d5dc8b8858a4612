import { z } from 'zod';
import { boundedText, idList, idParam, int4, listMax, optionalInt4, textMax } from '../input/bounded-input.contract';

/** Live topics the query service pushes over /api/ws (the web app subscribes to them). */
export const submissionTopic = (submissionId: number): string => `submission:${submissionId}`;

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((value) => value === true || value === 'true');
const optionalText = boundedText(textMax.line).trim().optional();

/** GET /api/get-submission-list (api-core §4). */
export const submissionListQuery = z.object({
  limit: optionalInt4,
  currentPage: optionalInt4,
  /** HOJ fails with HTTP 500 when absent [quirk, api-core §9.9]; absent reads as false here. */
  onlyMine: flag.optional(),
  problemID: optionalText,
  status: optionalInt4,
  username: optionalText,
  /** Exact display id instead of a substring. */
  completeProblemID: flag.optional(),
  /** Seed 000 §2.5 names it; HOJ ignores it (api-core §8.5); here it filters by exact uid. */
  uid: optionalText,
  gid: optionalInt4,
});

export const submitIdQuery = z.object({ submitId: idParam });

export const checkSubmissionsStatusBody = z.object({
  submitIds: idList().default([]),
  cid: z.unknown().optional(),
});

export const userProblemStatusBody = z.object({
  pidList: z.array(int4).max(listMax.items).nullish(),
  isContestProblemList: z.boolean().nullish(),
  cid: int4.nullish(),
  gid: int4.nullish(),
  containsEnd: z.boolean().nullish(),
});

export const lastAcCodeQuery = z.object({
  pid: int4,
  cid: optionalInt4,
});

/**
 * POST /api/get-user-problem-status (api-core §3), keyed by pid: the caller's HOJ status (-10 never submitted);
 * `score` only in contest mode (null but for an OI contest's unsealed row).
 */
export const userProblemStatusReply = z.record(
  z.string(),
  z.object({ status: z.number().int(), score: z.number().int().nullable().optional() }),
);

/** GET /api/get-last-ac-code (api-core §3): `{submitId: null, code: "", language: null}` when none is accepted. */
export const lastAcCodeReply = z.object({
  submitId: z.number().int().nullable(),
  code: z.string(),
  language: z.string().nullable(),
});

/** JudgeVO, a row of the submission list (api-core §4). */
export const submissionListRowSchema = z.object({
  uid: z.string(),
  submitId: z.number().int(),
  username: z.string(),
  pid: z.number().int(),
  displayPid: z.string(),
  title: z.string(),
  displayId: z.null(),
  submitTime: z.string(),
  status: z.number().int(),
  share: z.boolean(),
  time: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  score: z.number().int().nullable(),
  oiRankScore: z.number().int().nullable(),
  length: z.number().int(),
  language: z.string(),
  cid: z.number().int(),
  cpid: z.number().int(),
  source: z.null(),
  judger: z.string().nullable(),
  ip: z.null(),
  isManual: z.boolean(),
});
export type SubmissionListRow = z.infer<typeof submissionListRowSchema>;

/**
 * HOJ's Judge row (api-core §4), written once: get-submission-detail and check-submissions-status answer it, and
 * submit, resubmit and rejudge answer it too.
 */
export const judgeRowSchema = z.object({
  submitId: z.number().int(),
  pid: z.number().int(),
  displayPid: z.string(),
  uid: z.string(),
  username: z.string(),
  submitTime: z.string(),
  status: z.number().int(),
  share: z.boolean(),
  errorMessage: z.string().nullable(),
  time: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  score: z.number().int().nullable(),
  /** Null for another user's run while their contest is running (never in a submit's or rejudge's reply). */
  length: z.number().int().nullable(),
  code: z.string().nullable(),
  language: z.string(),
  cid: z.number().int(),
  cpid: z.number().int(),
  gid: z.number().int().nullable(),
  judger: z.string().nullable(),
  ip: z.string().nullable(),
  version: z.number().int(),
  oiRankScore: z.number().int().nullable(),
  vjudgeSubmitId: z.null(),
  vjudgeUsername: z.null(),
  vjudgePassword: z.null(),
  isManual: z.boolean(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type JudgeRow = z.infer<typeof judgeRowSchema>;

export const submissionDetailSchema = z.object({
  submission: judgeRowSchema,
  codeShare: z.boolean().nullable(),
});

/** get-submission-detail of an OI contest's run while its board is sealed for the viewer (contests §2.10). */
export const sealedSubmissionDetailSchema = z.object({
  submission: z.object({ status: z.literal(-5) }).strict(),
  codeShare: z.null(),
});

/** What HOJ's JudgeCase and SubTaskJudgeCaseVo both say of a run: its time, memory, score and status code. */
const caseOutcome = {
  time: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  score: z.number().int().nullable(),
  status: z.number().int(),
};

export const caseResultRowSchema = z.object({
  id: z.number().int().nullable(),
  pid: z.number().int().nullable(),
  submitId: z.number().int().nullable(),
  uid: z.string().nullable(),
  caseId: z.number().int().nullable(),
  ...caseOutcome,
  inputData: z.string().nullable(),
  outputData: z.string().nullable(),
  /** HOJ's name for the case message (checker, interactor or exit text), never the program's output. */
  userOutput: z.string().nullable(),
  groupNum: z.number().int(),
  seq: z.number().int(),
  mode: z.string(),
  gmtCreate: z.string().nullable(),
  gmtModified: z.string().nullable(),
  /** Not in HOJ: interactive cases only, the interactor's own status (HOJ code) and who ended first. */
  interaction: z
    .object({ interactorStatus: z.number().int(), firstToFinish: z.enum(['interactor', 'program']).nullable() })
    .nullable(),
});

/** HOJ's SubTaskJudgeCaseVo: one subtask (group) of a subtask-mode run, its cases inside (judging.md §4.5). */
export const subtaskResultRowSchema = z.object({
  groupNum: z.number().int(),
  ...caseOutcome,
  ac: z.number().int(),
  total: z.number().int(),
  subtaskDetailList: z.array(caseResultRowSchema),
});

/** get-all-case-result (api-core §4): flat cases, or subtasks for the subtask modes; null when hidden. */
export const allCaseResultSchema = z
  .object({
    judgeCaseMode: z.string(),
    judgeCaseList: z.array(caseResultRowSchema).nullable(),
    subTaskJudgeCaseVoList: z.array(subtaskResultRowSchema).nullable(),
  })
  .nullable();

export type CaseResultRow = z.infer<typeof caseResultRowSchema>;
