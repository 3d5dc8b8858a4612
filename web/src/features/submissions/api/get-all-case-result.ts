import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

const optionalNumber = z.number().nullish();

export const caseResultSchema = z.looseObject({
  caseId: optionalNumber,
  status: z.number(),
  time: optionalNumber,
  memory: optionalNumber,
  score: optionalNumber,
  groupNum: optionalNumber,
  seq: optionalNumber,
  inputData: z.string().nullish(),
  outputData: z.string().nullish(),
  /** The case message: checker, interactor or exit text (HOJ's name for it). */
  userOutput: z.string().nullish(),
  /** Interactive cases: the interactor's own status and who ended first (absent from HOJ's own server). */
  interaction: z
    .object({ interactorStatus: z.number(), firstToFinish: z.enum(['interactor', 'program']).nullish() })
    .nullish(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

export const subtaskResultSchema = z.looseObject({
  groupNum: z.number(),
  status: z.number(),
  score: optionalNumber,
  ac: optionalNumber,
  total: optionalNumber,
  time: optionalNumber,
  memory: optionalNumber,
  subtaskDetailList: z.array(caseResultSchema).default([]),
});
export type SubtaskResult = z.infer<typeof subtaskResultSchema>;

const replySchema = z
  .looseObject({
    judgeCaseMode: z.string().nullish(),
    judgeCaseList: z.array(caseResultSchema).nullish(),
    subTaskJudgeCaseVoList: z.array(subtaskResultSchema).nullish(),
  })
  .nullable();
export type AllCaseResult = z.infer<typeof replySchema>;

/** GET /api/get-all-case-result (api-core §4); null when the problem hides its case results. */
export const getAllCaseResult = (submitId: string) =>
  apiGet('/get-all-case-result', replySchema, { query: { submitId }, silent: true });
