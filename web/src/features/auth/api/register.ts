import { z } from 'zod';
import { apiPost } from '@/lib/api-client';

/** POST /api/register; passwordAgain stays in the browser (api-core §1). */
const registerRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
  email: z.string(),
  code: z.string(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const register = (request: RegisterRequest) =>
  apiPost('/register', registerRequestSchema.parse(request), z.unknown());
