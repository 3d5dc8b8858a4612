import type { z } from 'zod';
import type { loginBody } from '@oj/contracts';
import { apiRequest } from '@/lib/api-client';
import { userInfoSchema, type UserInfo } from '@/stores/session';

export type LoginRequest = z.input<typeof loginBody>;

export type LoginOptions = {
  /** POST /api/admin/login: the back office's sign-in, which refuses accounts without an admin role. */
  asAdmin?: boolean;
  /** The caller shows the refusal itself instead of a toast. */
  silent?: boolean;
};

/**
 * POST /api/login (or /api/admin/login). The token comes back in the Authorization response header,
 * never in the body (api-core §0.3).
 */
export const login = async (
  request: LoginRequest,
  { asAdmin = false, silent = false }: LoginOptions = {},
): Promise<{ token: string; user: UserInfo }> => {
  const path = asAdmin ? '/admin/login' : '/login';
  const { data, headers } = await apiRequest('POST', path, userInfoSchema, { body: request, silent });
  const token = headers.get('Authorization');
  if (!token) throw new Error('The login reply carried no Authorization header');
  return { token, user: data };
};
