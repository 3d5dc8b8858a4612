import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userInfoSchema, type UserInfo } from '../../../stores/session';

const loginRequestSchema = z.object({ username: z.string(), password: z.string() });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * POST /api/login (or /api/admin/login). The token comes back in the Authorization response header,
 * never in the body (api-core §0.3).
 */
export const login = async (request: LoginRequest, asAdmin = false): Promise<{ token: string; user: UserInfo }> => {
  const body = loginRequestSchema.parse(request);
  const { data, headers } = await apiRequest('POST', asAdmin ? '/admin/login' : '/login', userInfoSchema, { body });
  const token = headers.get('Authorization');
  if (!token) throw new Error('The login reply carried no Authorization header');
  return { token, user: data };
};
