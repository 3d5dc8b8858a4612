import { z } from 'zod';
import { sealedSubmissionDetailSchema, submissionDetailSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';
import { submissionSchema } from './submission-schemas';

const replySchema = tolerantOf(submissionDetailSchema, ['submission']).extend({ submission: submissionSchema });
export type SubmissionDetail = z.infer<typeof replySchema>;

/**
 * GET /api/get-submission-detail (api-core §4). An OI contest's run while its board is sealed comes back as the
 * status -5 alone (contests §2.10); the page still knows which run it shows.
 */
export const getSubmissionDetail = async (submitId: string): Promise<SubmissionDetail> => {
  const reply = await apiGet('/get-submission-detail', z.union([replySchema, sealedSubmissionDetailSchema]), {
    query: { submitId },
  });
  return 'submitId' in reply.submission
    ? (reply as SubmissionDetail)
    : { submission: { submitId, status: reply.submission.status }, codeShare: null };
};
