import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { submissionSchema } from './submission-schemas';

const replySchema = z.looseObject({ submission: submissionSchema, codeShare: z.boolean().nullish() });
export type SubmissionDetail = z.infer<typeof replySchema>;

/** GET /api/get-submission-detail (api-core §4). */
export const getSubmissionDetail = (submitId: string) =>
  apiGet('/get-submission-detail', replySchema, { query: { submitId } });
