import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** GET /api/captcha: an image (data URL) and the key the answer is stored under. */
const captchaSchema = z.object({ img: z.string(), captchaKey: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

export const getCaptcha = () => apiGet('/captcha', captchaSchema);
