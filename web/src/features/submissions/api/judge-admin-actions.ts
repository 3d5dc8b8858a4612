import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** Root's actions on one submission (api-core §4: GET /api/admin/judge/…). */
export const rejudgeSubmission = (submitId: string) =>
  apiGet('/admin/judge/rejudge', z.unknown(), { query: { submitId } });

export const manuallyJudgeSubmission = (submitId: string, status: number, score: number | null) =>
  apiGet('/admin/judge/manual-judge', z.unknown(), { query: { submitId, status, score } });

export const cancelSubmissionJudging = (submitId: string) =>
  apiGet('/admin/judge/cancel-judge', z.unknown(), { query: { submitId } });
