import { z } from 'zod';
import { apiPost } from '@/lib/api-client';

/** POST /api/register-contest (reference §1.1): the password is compared exactly by the server. */
export const registerContest = (cid: string, password: string) =>
  apiPost('/register-contest', { cid: Number(cid), password }, z.unknown());
