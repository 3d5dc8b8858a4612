import { registerCodeReply } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

/** GET /api/get-register-code: mails a 6-digit code; HOJ's reply claims 300 s though the code lives 600 s. */
const registerCodeSchema = tolerantOf(registerCodeReply).nullable();

export const getRegisterCode = (email: string) =>
  apiGet('/get-register-code', registerCodeSchema, { query: { email } });
