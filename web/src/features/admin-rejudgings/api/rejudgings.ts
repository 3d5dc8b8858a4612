import { z } from 'zod';
import {
  pageOf,
  rejudgingDetailSchema,
  rejudgingSummarySchema,
  stagedRejudgingReply,
  type StageRejudgingBody,
} from '@oj/contracts';
import { apiGet, apiPost } from '@/lib/api-client';

/** POST /api/admin/rejudgings (ours): stage a rejudge of the selected submissions. */
export const stageRejudging = (body: StageRejudgingBody) => apiPost('/admin/rejudgings', body, stagedRejudgingReply);

/** GET /api/admin/rejudgings: the staged rejudges, newest first. */
export const getRejudgings = (currentPage: number, limit: number) =>
  apiGet('/admin/rejudgings', pageOf(rejudgingSummarySchema), { query: { currentPage, limit } });

/** GET /api/admin/rejudgings/detail: progress, each submission's old and new verdict, the board before and after. */
export const getRejudgingDetail = (id: string) =>
  apiGet('/admin/rejudgings/detail', rejudgingDetailSchema, { query: { id } });

/** POST /api/admin/rejudgings/apply and /discard. */
export const endRejudging = (id: string, action: 'apply' | 'discard') =>
  apiPost(`/admin/rejudgings/${action}`, { id }, z.null());
