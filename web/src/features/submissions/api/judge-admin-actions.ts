import { adminVerdictReply, judgeRowSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

/** The replies (the contract's: the new attempt's Judge row, the verdict set) are not read; the page reloads. */
const rejudgeReply = tolerantOf(judgeRowSchema);
const verdictReply = tolerantOf(adminVerdictReply);

/** Root's actions on one submission (api-core §4: GET /api/admin/judge/…). */
// `reason` (ours, optional: HOJ's client sends none) is recorded for the audit trail; empty sends nothing.
export const rejudgeSubmission = (submitId: string, reason = '') =>
  apiGet('/admin/judge/rejudge', rejudgeReply, { query: { submitId, reason } });

export const manuallyJudgeSubmission = (submitId: string, status: number, score: number | null, reason = '') =>
  apiGet('/admin/judge/manual-judge', verdictReply, { query: { submitId, status, score, reason } });

export const cancelSubmissionJudging = (submitId: string, reason = '') =>
  apiGet('/admin/judge/cancel-judge', verdictReply, { query: { submitId, reason } });
