import { z } from 'zod';
import { apiGet } from '@/lib/api-client';
import { contestProblemSchema, contestSchema } from '@/lib/contest-schemas';

/** GET /api/get-contest-info (reference §1.1); `now` lets the page run its clock on server time. */
export const getContestInfo = (cid: string) => apiGet('/get-contest-info', contestSchema, { query: { cid } });

/** GET /api/get-contest-access: only asked for private and protected contests. */
export const getContestAccess = (cid: string) =>
  apiGet('/get-contest-access', z.looseObject({ access: z.boolean() }), { query: { cid } });

/** GET /api/get-contest-outsize-info ("outsize" is HOJ's spelling): the outside board's header, anonymous. */
export const getContestOutsideInfo = (cid: string) =>
  apiGet(
    '/get-contest-outsize-info',
    z.looseObject({ contest: contestSchema, problemList: z.array(contestProblemSchema).default([]) }),
    { query: { cid } },
  );
