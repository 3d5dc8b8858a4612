import { z } from 'zod';
import { boundedText, int4, textMax } from '../input/bounded-input.contract';

/** POST /api/submit-problem-test-judge (api-core §4): HOJ's TestJudgeDTO, not annotation-validated. */
export const submitTestJudgeBody = z.object({
  /** The problem's DB id (api-core §0.6). */
  pid: int4.nullish(),
  type: boundedText(textMax.line).nullish(),
  code: boundedText(textMax.document).nullish(),
  language: boundedText(textMax.line).nullish(),
  /** HOJ refuses input over 1000 characters with its message; the cap only stops hostile sizes. */
  userInput: boundedText(textMax.paragraph).nullish(),
  expectedOutput: boundedText(textMax.paragraph).nullish(),
  isRemoteJudge: z.boolean().nullish(),
  mode: boundedText(textMax.line).nullish(),
});
export type SubmitTestJudgeBody = z.input<typeof submitTestJudgeBody>;

/** Its reply's data: the key that get-test-judge-result polls (`TEST_JUDGE_` and 32 hex digits in HOJ). */
export const testJudgeKeyReply = z.string().startsWith('TEST_JUDGE_');

/** GET /api/get-test-judge-result (api-core §4): the key submit-problem-test-judge answered. */
export const testJudgeKeyQuery = z.object({ testJudgeKey: boundedText(textMax.line).min(1) });

/**
 * HOJ's TestJudgeVO (api-core §4): `{status: 5}` with every other field null while pending; time in ms, memory
 * in KiB once finished.
 */
export const testJudgeResultReply = z.object({
  status: z.number().int(),
  time: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  userInput: z.string().nullable(),
  userOutput: z.string().nullable(),
  expectedOutput: z.string().nullable(),
  stderr: z.string().nullable(),
  problemJudgeMode: z.string().nullable(),
});
