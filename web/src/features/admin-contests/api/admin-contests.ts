import { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { tolerantPageOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform(String);

/** AdminContestVO (reference §1.3). */
export const adminContestSchema = z.looseObject({
  id,
  uid: z.string().nullish(),
  author: z.string().nullish(),
  title: z.string(),
  type: z.number(),
  description: z.string().nullish(),
  source: z.union([z.string(), z.number()]).nullish(),
  auth: z.number(),
  pwd: z.string().nullish(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().nullish(),
  sealRank: z.boolean().nullish(),
  sealRankTime: z.string().nullish(),
  autoRealRank: z.boolean().nullish(),
  status: z.number().nullish(),
  visible: z.boolean().nullish(),
  openPrint: z.boolean().nullish(),
  openAccountLimit: z.boolean().nullish(),
  accountLimitRule: z.string().nullish(),
  rankShowName: z.string().nullish(),
  starAccount: z.array(z.string()).nullish(),
  openRank: z.boolean().nullish(),
  oiRankScoreType: z.string().nullish(),
  awardType: z.number().nullish(),
  awardConfigList: z
    .array(
      z.looseObject({
        priority: z.number(),
        name: z.string(),
        background: z.string(),
        color: z.string(),
        num: z.number(),
      }),
    )
    .nullish(),
  allowEndSubmit: z.boolean().nullish(),
});
export type AdminContest = z.infer<typeof adminContestSchema>;

export const getAdminContestList = (query: { currentPage: number; limit: number; keyword?: string }) =>
  apiGet('/admin/contest/get-contest-list', tolerantPageOf(adminContestSchema), { query });

export const getAdminContest = (cid: string) => apiGet('/admin/contest', adminContestSchema, { query: { cid } });

export const createContest = (body: object) => apiPost('/admin/contest', body, z.unknown());

export const updateContest = (body: object) => apiPut('/admin/contest', body, z.unknown());

export const deleteContest = (cid: string) => apiDelete('/admin/contest', { cid }, z.unknown());

export const changeContestVisible = (cid: string, uid: string, visible: boolean) =>
  apiPut('/admin/contest/change-contest-visible', undefined, z.unknown(), { query: { cid, uid, visible } });
