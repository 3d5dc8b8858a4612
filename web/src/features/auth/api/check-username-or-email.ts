import type { z } from 'zod';
import { checkUsernameOrEmailReply } from '@oj/contracts';
import { apiPost } from '@/lib/api-client';

/** POST /api/check-username-or-email: true means an account with it exists (api-core §1). */
const existenceSchema = checkUsernameOrEmailReply.extend({
  username: checkUsernameOrEmailReply.shape.username.default(false),
  email: checkUsernameOrEmailReply.shape.email.default(false),
});
export type Existence = z.infer<typeof existenceSchema>;

export const checkUsernameOrEmail = (request: { username?: string; email?: string }) =>
  apiPost('/check-username-or-email', request, existenceSchema, { silent: true });
