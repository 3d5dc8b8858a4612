import { z } from 'zod';
import { apiPost } from '@/lib/api-client';

/** POST /api/reset-password with the username and code from the mailed link; passwordAgain is not sent. */
const resetRequestSchema = z.object({ username: z.string(), password: z.string(), code: z.string() });
export type ResetRequest = z.infer<typeof resetRequestSchema>;

export const resetPassword = (request: ResetRequest) =>
  apiPost('/reset-password', resetRequestSchema.parse(request), z.unknown());
