import { z } from 'zod';
import { apiGet } from '@/lib/api-client';
import { submissionSchema } from './submission-schemas';
import { tolerantPageOf } from '@/lib/tolerant-reply';

export type SubmissionListQuery = {
  onlyMine: boolean;
  status?: number;
  username?: string;
  problemID?: string;
  completeProblemID?: boolean;
  uid?: string;
  gid?: string;
  currentPage: number;
  limit: number;
};

const replySchema = tolerantPageOf(submissionSchema);
export type SubmissionPage = z.infer<typeof replySchema>;

/** GET /api/get-submission-list (api-core §4); onlyMine is always sent, as HOJ's client does. */
export const getSubmissionList = (query: SubmissionListQuery) =>
  apiGet('/get-submission-list', replySchema, {
    query: { ...query, onlyMine: query.onlyMine, completeProblemID: query.completeProblemID || undefined },
  });
