import type { z } from 'zod';
import { captchaReply } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

/** GET /api/captcha: an image (data URL) and the key the answer is stored under. */
const captchaSchema = captchaReply;
export type Captcha = z.infer<typeof captchaSchema>;

export const getCaptcha = () => apiGet('/captcha', captchaSchema);
