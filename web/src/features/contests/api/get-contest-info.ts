import { z } from 'zod';
import { contestAccessSchema, contestOutsideInfoSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';
import { contestProblemSchema, contestSchema } from '@/lib/contest-schemas';

/** GET /api/get-contest-info (reference §1.1); `now` lets the page run its clock on server time. */
export const getContestInfo = (cid: string) => apiGet('/get-contest-info', contestSchema, { query: { cid } });

/** GET /api/get-contest-access: only asked for private and protected contests. */
export const getContestAccess = (cid: string) =>
  apiGet('/get-contest-access', tolerantOf(contestAccessSchema, ['access']), { query: { cid } });

/** GET /api/get-contest-outsize-info ("outsize" is HOJ's spelling): the outside board's header, anonymous. */
export const getContestOutsideInfo = (cid: string) =>
  apiGet(
    '/get-contest-outsize-info',
    tolerantOf(contestOutsideInfoSchema).extend({
      contest: contestSchema,
      problemList: z.array(contestProblemSchema).default([]),
    }),
    { query: { cid } },
  );
