import { z } from 'zod';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';
import { tolerantPageOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));

const acRecordSchema = z.looseObject({
  id,
  uid: z.string().nullish(),
  username: z.string().nullish(),
  realname: z.string().nullish(),
  displayId: z.string().nullish(),
  submitId: id.nullish(),
  submitTime: z.string().nullish(),
  time: z.number().nullish(),
  checked: z.boolean().nullish(),
  firstBlood: z.boolean().nullish(),
});
export type AcRecord = z.infer<typeof acRecordSchema>;

/** GET /api/get-contest-ac-info (reference §1.2.1): first ACs, unchecked first. */
export const getContestAcInfo = (cid: string, currentPage: number, limit: number) =>
  apiGet('/get-contest-ac-info', tolerantPageOf(acRecordSchema), { query: { cid, currentPage, limit } });

/** PUT /api/check-contest-ac-info: the balloon was delivered (or not). */
export const checkContestAcInfo = (cid: string, recordId: string, checked: boolean) =>
  apiPut('/check-contest-ac-info', { id: Number(recordId), cid: Number(cid), checked }, z.unknown());

const printSchema = z.looseObject({
  id,
  username: z.string().nullish(),
  realname: z.string().nullish(),
  status: z.number(),
  gmtCreate: z.string().nullish(),
});
export type PrintRequest = z.infer<typeof printSchema>;

/** POST /api/submit-print-text (reference §1.1). */
export const submitPrintText = (cid: string, content: string) =>
  apiPost('/submit-print-text', { cid: Number(cid), content }, z.unknown());

/** GET /api/get-contest-print (reference §1.2.3): unprinted first, newest first. */
export const getContestPrints = (cid: string, currentPage: number, limit: number) =>
  apiGet('/get-contest-print', tolerantPageOf(printSchema), { query: { cid, currentPage, limit } });

/** PUT /api/check-contest-print-status: the id and cid travel in the query string (reference Part 4). */
export const markPrinted = (cid: string, printId: string) =>
  apiPut('/check-contest-print-status', undefined, z.unknown(), { query: { id: printId, cid } });

/** GET /api/admin/judge/rejudge-contest-problem (root; reference §1.2.8 — GET, not the seed's POST). */
export const rejudgeContestProblem = (cid: string, pid: string) =>
  apiGet('/admin/judge/rejudge-contest-problem', z.unknown(), { query: { cid, pid } });
