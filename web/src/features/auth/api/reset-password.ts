import { z } from 'zod';
import { noData, type resetPasswordBody } from '@oj/contracts';
import { apiPost } from '@/lib/api-client';

/** POST /api/reset-password with the username and code from the mailed link; passwordAgain is not sent. */
export type ResetRequest = { [Field in keyof z.input<typeof resetPasswordBody>]-?: string };

export const resetPassword = (request: ResetRequest) => apiPost('/reset-password', request, noData);
