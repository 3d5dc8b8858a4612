import { z } from 'zod';
import { allCaseResultSchema, caseResultRowSchema, subtaskResultRowSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

/** A case row (the contract's caseResultRowSchema, with its case message and interaction), status required. */
export const caseResultSchema = tolerantOf(caseResultRowSchema, ['status']).extend({
  interaction: tolerantOf(caseResultRowSchema.shape.interaction.unwrap(), ['interactorStatus']).nullish(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

/** A subtask (the contract's subtaskResultRowSchema) with its cases read as above. */
export const subtaskResultSchema = tolerantOf(subtaskResultRowSchema, ['groupNum', 'status']).extend({
  subtaskDetailList: z.array(caseResultSchema).default([]),
});
export type SubtaskResult = z.infer<typeof subtaskResultSchema>;

const replySchema = tolerantOf(allCaseResultSchema.unwrap())
  .extend({
    judgeCaseList: z.array(caseResultSchema).nullish(),
    subTaskJudgeCaseVoList: z.array(subtaskResultSchema).nullish(),
  })
  .nullable();
export type AllCaseResult = z.infer<typeof replySchema>;

/** GET /api/get-all-case-result (api-core §4); null when the problem hides its case results. */
export const getAllCaseResult = (submitId: string) =>
  apiGet('/get-all-case-result', replySchema, { query: { submitId }, silent: true });
