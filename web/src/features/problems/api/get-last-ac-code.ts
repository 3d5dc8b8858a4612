import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

const replySchema = z.looseObject({
  submitId: z.union([z.number(), z.string()]).nullish(),
  code: z.string().nullish(),
  language: z.string().nullish(),
});

/** GET /api/get-last-ac-code (api-core §3): the caller's newest accepted code for a problem (DB id). */
export const getLastAcCode = (pid: string) => apiGet('/get-last-ac-code', replySchema, { query: { pid, cid: 0 } });
