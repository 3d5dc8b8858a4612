import { z } from 'zod';
import { apiPost } from '@/lib/api-client';

/** POST /api/apply-reset-password: mails the reset link (api-core §1). */
const applyResetRequestSchema = z.object({ email: z.string(), captcha: z.string(), captchaKey: z.string() });
export type ApplyResetRequest = z.infer<typeof applyResetRequestSchema>;

export const applyResetPassword = (request: ApplyResetRequest) =>
  apiPost('/apply-reset-password', applyResetRequestSchema.parse(request), z.unknown());
