import { z } from 'zod';
import { noData, tagClassificationRow } from '@oj/contracts';
import { apiGet, apiPost, apiPut, apiRequest } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';
import { tagSchema } from '@/lib/problem-schemas';

const classificationSchema = tolerantOf(tagClassificationRow, ['id', 'name']);
export type TagClassification = z.infer<typeof classificationSchema>;

/** GET /api/get-all-problem-tags?oj=ME (api-core §3). */
export const getAllProblemTags = () => apiGet('/get-all-problem-tags', z.array(tagSchema), { query: { oj: 'ME' } });

/** GET /api/get-problem-tags?pid (api-core §3). */
export const getProblemTags = (pid: string) => apiGet('/get-problem-tags', z.array(tagSchema), { query: { pid } });

/** Tag and classification CRUD (admin §5.9): a create answers the new row (the contract's), the rest nothing. */
export const createTag = (tag: { name: string; color: string; tcid: number | null }) =>
  apiPost('/admin/tag', { ...tag, oj: 'ME' }, tagSchema);
export const updateTag = (tag: { id: number; name: string; color: string; tcid: number | null }) =>
  apiPut('/admin/tag', { ...tag, oj: 'ME' }, noData);
export const deleteTag = async (tid: number) =>
  (await apiRequest('DELETE', '/admin/tag', noData, { query: { tid } })).data;

export const getClassifications = () =>
  apiGet('/admin/tag/classification', z.array(classificationSchema), { query: { oj: 'ME' } });
export const createClassification = (row: { name: string; rank: number }) =>
  apiPost('/admin/tag/classification', { ...row, oj: 'ME' }, classificationSchema);
export const updateClassification = (row: { id: number; name: string; rank: number }) =>
  apiPut('/admin/tag/classification', { ...row, oj: 'ME' }, noData);
export const deleteClassification = async (tcid: number) =>
  (await apiRequest('DELETE', '/admin/tag/classification', noData, { query: { tcid } })).data;
