import { judgeRowSchema } from '@oj/contracts';
import { apiPost } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

export type SubmitRequest = {
  pid: string;
  language: string;
  code: string;
  cid?: number;
  tid?: number;
  gid?: number;
};

/** The Judge row just written (the contract's), of which the page needs only the submitId, as a string. */
const replySchema = tolerantOf(judgeRowSchema, ['submitId']).transform((row) => ({
  ...row,
  submitId: String(row.submitId),
}));

/** POST /api/submit-problem-judge (api-core §4); isRemote must be sent, and only own-bank problems exist here. */
export const submitProblemJudge = (request: SubmitRequest) =>
  apiPost('/submit-problem-judge', { cid: 0, ...request, isRemote: false }, replySchema);
