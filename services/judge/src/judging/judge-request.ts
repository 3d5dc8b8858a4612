import { caseJudgedSchema, judgeSettingsSchema, plainFileName, submissionJudgedSchema } from '@oj/events';
import { z } from 'zod';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What the judge needs to judge one attempt: the code, its language and the problem's judge settings as the
 * event snapshot holds them (test data, extra files and the checker by blob hash). The settings' file names
 * are the catalogue's plain file names (issue 10, F3): extra files and file-IO names land inside /box, never
 * elsewhere.
 */
export const judgeRequestSchema = z.object({
  /** HOJ's language name, e.g. "C++ With O2"; looked up in the language registry. */
  language: z.string().min(1),
  code: z.string(),
  settings: judgeSettingsSchema,
  /**
   * Site-wide checker includes (testlib.h, uploaded once by an admin): file name → blob hash. Copied next to
   * every checker and interactor source before compiling; the problem's judge extra files win on a name clash.
   */
  checkerIncludes: z.record(plainFileName, sha256Schema).default({}),
});
export type JudgeRequest = z.input<typeof judgeRequestSchema>;

/** One case's result: the CaseJudged event without the submission and attempt, which the worker adds. */
export const caseResultSchema = caseJudgedSchema.omit({ submissionId: true, attempt: true });
export type CaseResult = z.infer<typeof caseResultSchema>;

/**
 * The attempt's verdict: SubmissionJudged's judging fields, plus every stored case in seq order. The score is null
 * also for judge-level failures (CE, SE before any case, SF); time and memory are the maxima over the cases, capped
 * at the limits after the language factor.
 */
export const judgeResultSchema = submissionJudgedSchema
  .pick({ status: true, score: true, oiRankScore: true, timeMs: true, memoryKib: true, errorMessage: true })
  .extend({ cases: z.array(caseResultSchema) });
export type JudgeResult = z.infer<typeof judgeResultSchema>;
