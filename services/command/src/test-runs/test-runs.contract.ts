import { z } from 'zod';

/** POST /api/submit-problem-test-judge (api-core §4): HOJ's TestJudgeDTO, not annotation-validated. */
export const submitTestJudgeBody = z.object({
  /** The problem's DB id (api-core §0.6). */
  pid: z.coerce.number().int().nullish(),
  type: z.string().nullish(),
  code: z.string().nullish(),
  language: z.string().nullish(),
  userInput: z.string().nullish(),
  expectedOutput: z.string().nullish(),
  isRemoteJudge: z.boolean().nullish(),
  mode: z.string().nullish(),
});
export type SubmitTestJudgeBody = z.input<typeof submitTestJudgeBody>;
