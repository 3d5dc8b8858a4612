import { z } from 'zod';
import { apiPost } from '@/lib/api-client';

export type SubmitRequest = {
  pid: string;
  language: string;
  code: string;
  cid?: number;
  tid?: number;
  gid?: number;
};

const replySchema = z.looseObject({ submitId: z.union([z.number(), z.string()]).transform(String) });

/** POST /api/submit-problem-judge (api-core §4); isRemote must be sent, and only own-bank problems exist here. */
export const submitProblemJudge = (request: SubmitRequest) =>
  apiPost('/submit-problem-judge', { cid: 0, ...request, isRemote: false }, replySchema);
