import { noData } from '@oj/contracts';
import { apiPut } from '@/lib/api-client';

/** PUT /api/submission (api-core §4): the owner's share toggle. */
export const updateSubmissionShare = (submitId: string, share: boolean) =>
  apiPut('/submission', { submitId: Number(submitId), share }, noData);
