import { z } from 'zod';
import { apiGet } from '@/lib/api-client';
import { problemDetailSchema } from '@/lib/problem-schemas';

const replySchema = problemDetailSchema;
export type ProblemDetail = z.infer<typeof replySchema>;

/** GET /api/get-problem-detail (api-core §3), by display id. */
export const getProblemDetail = (problemId: string) =>
  apiGet('/get-problem-detail', replySchema, { query: { problemId } });
