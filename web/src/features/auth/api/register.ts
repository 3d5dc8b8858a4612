import { z } from 'zod';
import { noData, type registerBody } from '@oj/contracts';
import { apiPost } from '@/lib/api-client';

/** POST /api/register; passwordAgain stays in the browser (api-core §1). The server's contract checks the fields. */
export type RegisterRequest = z.input<typeof registerBody>;

export const register = (request: RegisterRequest) => apiPost('/register', request, noData);
