import { lastAcCodeReply } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

const replySchema = tolerantOf(lastAcCodeReply);

/** GET /api/get-last-ac-code (api-core §3): the caller's newest accepted code for a problem (DB id). */
export const getLastAcCode = (pid: string) => apiGet('/get-last-ac-code', replySchema, { query: { pid, cid: 0 } });
