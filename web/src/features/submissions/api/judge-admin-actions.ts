import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** Root's actions on one submission (api-core §4: GET /api/admin/judge/…). */
// `reason` (ours, optional: HOJ's client sends none) is recorded for the audit trail; empty sends nothing.
export const rejudgeSubmission = (submitId: string, reason = '') =>
  apiGet('/admin/judge/rejudge', z.unknown(), { query: { submitId, reason } });

export const manuallyJudgeSubmission = (submitId: string, status: number, score: number | null, reason = '') =>
  apiGet('/admin/judge/manual-judge', z.unknown(), { query: { submitId, status, score, reason } });

export const cancelSubmissionJudging = (submitId: string, reason = '') =>
  apiGet('/admin/judge/cancel-judge', z.unknown(), { query: { submitId, reason } });
