import { z } from 'zod';
import { contestPrintRowSchema, contestRecordSchema, noData } from '@oj/contracts';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';
import { tolerantOf, tolerantPageOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));

/** The AC helper's ContestRecord (the contract's contestRecordSchema); ids as strings for the views. */
const acRecordSchema = tolerantOf(contestRecordSchema).extend({ id, submitId: id.nullish() });
export type AcRecord = z.infer<typeof acRecordSchema>;

/** GET /api/get-contest-ac-info (reference §1.2.1): first ACs, unchecked first. */
export const getContestAcInfo = (cid: string, currentPage: number, limit: number) =>
  apiGet('/get-contest-ac-info', tolerantPageOf(acRecordSchema), { query: { cid, currentPage, limit } });

/** PUT /api/check-contest-ac-info: the balloon was delivered (or not). */
export const checkContestAcInfo = (cid: string, recordId: string, checked: boolean) =>
  apiPut('/check-contest-ac-info', { id: Number(recordId), cid: Number(cid), checked }, noData);

/** A print request of the queue (the contract's contestPrintRowSchema); its id as a string. */
const printSchema = tolerantOf(contestPrintRowSchema, ['status']).extend({ id });
export type PrintRequest = z.infer<typeof printSchema>;

/** POST /api/submit-print-text (reference §1.1). */
export const submitPrintText = (cid: string, content: string) =>
  apiPost('/submit-print-text', { cid: Number(cid), content }, noData);

/** GET /api/get-contest-print (reference §1.2.3): unprinted first, newest first. */
export const getContestPrints = (cid: string, currentPage: number, limit: number) =>
  apiGet('/get-contest-print', tolerantPageOf(printSchema), { query: { cid, currentPage, limit } });

/** PUT /api/check-contest-print-status: the id and cid travel in the query string (reference Part 4). */
export const markPrinted = (cid: string, printId: string) =>
  apiPut('/check-contest-print-status', undefined, noData, { query: { id: printId, cid } });

/** GET /api/admin/judge/rejudge-contest-problem (root; reference §1.2.8 — GET, not the seed's POST). */
export const rejudgeContestProblem = (cid: string, pid: string) =>
  apiGet('/admin/judge/rejudge-contest-problem', noData, { query: { cid, pid } });
