import { z } from 'zod';

export const checkUsernameOrEmailBody = z.object({ username: z.string().nullish(), email: z.string().nullish() });
/** true means an account with it exists (api-core §1). */
export const checkUsernameOrEmailReply = z.object({ username: z.boolean(), email: z.boolean() });
export const userAuthInfo = z.object({ roles: z.array(z.string()), permissions: z.null() });
