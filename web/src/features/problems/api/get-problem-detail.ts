import { z } from 'zod';
import { apiGet } from '@/lib/api-client';
import { problemSchema, tagSchema, verdictCountsShape } from './problem-schemas';

const replySchema = z.looseObject({
  problem: problemSchema,
  tags: z.array(tagSchema).default([]),
  languages: z.array(z.string()).default([]),
  problemCount: z.looseObject(verdictCountsShape).nullish(),
  codeTemplate: z.record(z.string(), z.string()).nullish(),
});
export type ProblemDetail = z.infer<typeof replySchema>;

/** GET /api/get-problem-detail (api-core §3), by display id. */
export const getProblemDetail = (problemId: string) =>
  apiGet('/get-problem-detail', replySchema, { query: { problemId } });
