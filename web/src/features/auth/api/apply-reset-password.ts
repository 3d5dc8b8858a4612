import { z } from 'zod';
import { noData, type applyResetPasswordBody } from '@oj/contracts';
import { apiPost } from '@/lib/api-client';

/** POST /api/apply-reset-password: mails the reset link (api-core §1). */
export type ApplyResetRequest = { [Field in keyof z.input<typeof applyResetPasswordBody>]-?: string };

export const applyResetPassword = (request: ApplyResetRequest) => apiPost('/apply-reset-password', request, noData);
