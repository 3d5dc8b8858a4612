import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** GET /api/get-register-code: mails a 6-digit code; HOJ's reply claims 300 s though the code lives 600 s. */
const registerCodeSchema = z.looseObject({ email: z.string().nullish(), expire: z.number().nullish() }).nullable();

export const getRegisterCode = (email: string) =>
  apiGet('/get-register-code', registerCodeSchema, { query: { email } });
