import { z } from 'zod';
import { caseResultRowSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

const optionalNumber = z.number().nullish();

/** A case row (the contract's caseResultRowSchema, with its case message and interaction), status required. */
export const caseResultSchema = tolerantOf(caseResultRowSchema, ['status']).extend({
  interaction: tolerantOf(caseResultRowSchema.shape.interaction.unwrap(), ['interactorStatus']).nullish(),
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
