import { z } from 'zod';
import { apiGet, apiPost } from '@/lib/api-client';
import { checkSubmissionsStatus } from '@/features/submissions/api/check-submissions-status';
import { submissionSchema } from '@/features/submissions/api/submission-schemas';
import { tolerantPageOf } from '@/lib/tolerant-reply';

export type ContestSubmissionQuery = {
  contestID: string;
  beforeContestSubmit: boolean;
  onlyMine: boolean;
  currentPage: number;
  limit: number;
  problemID?: string;
  status?: number;
  username?: string;
};

const replySchema = tolerantPageOf(submissionSchema);

/** GET /api/contest-submissions (reference §1.1): the client always sends containsEnd = true. */
export const getContestSubmissions = (query: ContestSubmissionQuery) =>
  apiGet('/contest-submissions', replySchema, { query: { ...query, containsEnd: true } });

/**
 * POST /api/check-contest-submissions-status: the rows a contest page polls. While a server lacks the contest call,
 * the page falls back to the general status call, so a contestant still sees the verdict of their own submission
 * (the rows polled are only those the contest list or the submit itself already showed).
 */
export const checkContestSubmissionsStatus = async (cid: string, submitIds: readonly string[]) => {
  try {
    return await apiPost(
      '/check-contest-submissions-status',
      { cid: Number(cid), submitIds: submitIds.map(Number) },
      z.record(z.string(), submissionSchema),
      { silent: true },
    );
  } catch {
    return checkSubmissionsStatus(submitIds);
  }
};
