import { focusModeProblemListSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

/** GET /api/get-full-screen-problem-list: the focus-mode strip, the caller's status per visible problem. */
export const getFullScreenProblemList = (cid: string) =>
  apiGet('/get-full-screen-problem-list', focusModeProblemListSchema, { query: { cid }, silent: true });
