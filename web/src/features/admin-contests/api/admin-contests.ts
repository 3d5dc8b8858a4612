import { z } from 'zod';
import { adminContestSchema as contractAdminContest, contestAwardRow, noData } from '@oj/contracts';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { tolerantOf, tolerantPageOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform(String);

/** AdminContestVO (reference §1.3): the contract's adminContestSchema; ids as strings, HOJ's source may be a number. */
export const adminContestSchema = tolerantOf(contractAdminContest, [
  'title',
  'type',
  'auth',
  'startTime',
  'endTime',
]).extend({
  id,
  gid: id.nullish(),
  source: z.union([z.string(), z.number()]).nullish(),
  /** The award form edits a number per tier. */
  awardConfigList: z.array(contestAwardRow.extend({ num: z.number().int() })).nullish(),
});
export type AdminContest = z.infer<typeof adminContestSchema>;

export const getAdminContestList = (query: { currentPage: number; limit: number; keyword?: string }) =>
  apiGet('/admin/contest/get-contest-list', tolerantPageOf(adminContestSchema), { query });

export const getAdminContest = (cid: string) => apiGet('/admin/contest', adminContestSchema, { query: { cid } });

export const createContest = (body: object) => apiPost('/admin/contest', body, noData);

export const updateContest = (body: object) => apiPut('/admin/contest', body, noData);

export const deleteContest = (cid: string) => apiDelete('/admin/contest', { cid }, noData);

export const changeContestVisible = (cid: string, uid: string, visible: boolean) =>
  apiPut('/admin/contest/change-contest-visible', undefined, noData, { query: { cid, uid, visible } });
