import { z } from 'zod';
import { boundedText, idParam, int4, int4Json, textMax } from '../input/bounded-input.contract';

const optionalId = int4.nullish();
const requiredId = idParam;

/** POST /api/submit-problem-judge (api-core §4): not annotation-validated in HOJ, so fields are lenient. */
export const submitProblemJudgeBody = z.object({
  /** The display id for normal submissions (a string, api-core §0.6). */
  pid: z
    .union([boundedText(textMax.line), z.number()])
    .transform(String)
    .default(''),
  language: boundedText(textMax.line).default(''),
  /** Above HOJ's 65535 characters, so the decider still answers HOJ's code-length message. */
  code: boundedText(textMax.document).default(''),
  cid: optionalId,
  tid: optionalId,
  gid: optionalId,
  isRemote: z.boolean().nullish(),
});
export type SubmitProblemJudgeBody = z.input<typeof submitProblemJudgeBody>;

/** PUT /api/submission: other Judge fields the client sends (uid …) are ignored. */
export const shareSubmissionBody = z.object({ submitId: int4Json.nullish(), share: z.boolean().nullish() });

export const submissionIdQuery = z.object({ submitId: requiredId });

/**
 * Why an admin rejudges, sets a verdict or cancels (issue 13, the audit trail): optional on the wire, since HOJ's
 * client sends none; our back office asks for it. Same cap as the event's `reason` (events' auditReasonMaxLength).
 */
export const auditReasonMaxLength = 500;
const reason = boundedText(auditReasonMaxLength)
  .transform((text) => text.trim())
  .optional();

/** GET /api/admin/judge/rejudge and cancel-judge. */
export const adminJudgeQuery = z.object({ submitId: requiredId, reason });

/** GET /api/admin/judge/rejudge-contest-problem (§1.2.8): pid is the problem id, not the display id. */
export const contestProblemRejudgeQuery = z.object({ cid: requiredId, pid: requiredId, reason });

export const manualJudgeQuery = z.object({
  submitId: requiredId,
  status: int4,
  score: int4.optional(),
  reason,
});

/** manual-judge and cancel-judge answer a Judge row with only these fields set (the rest null). */
export const adminVerdictReply = z.object({
  submitId: z.number().int(),
  judger: z.string(),
  status: z.number().int(),
  score: z.number().int().nullable(),
  oiRankScore: z.number().int().nullable(),
});
