import { z } from 'zod';
import { apiPost } from '@/lib/api-client';

/** POST /api/check-username-or-email: true means an account with it exists (api-core §1). */
const existenceSchema = z.object({ username: z.boolean().default(false), email: z.boolean().default(false) });
export type Existence = z.infer<typeof existenceSchema>;

export const checkUsernameOrEmail = (request: { username?: string; email?: string }) =>
  apiPost('/check-username-or-email', request, existenceSchema, { silent: true });
