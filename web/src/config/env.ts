import { z } from 'zod';

/** Build-time settings from Vite's import.meta.env, parsed once; the defaults suit the one-origin deployment. */
const envSchema = z.object({
  VITE_API_BASE: z.string().startsWith('/').default('/api'),
  VITE_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(90_000),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Bad web environment: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
}

export const env = Object.freeze({
  apiBase: parsed.data.VITE_API_BASE,
  /** Spec 000 §9: HTTP time-out 90 s. */
  httpTimeoutMs: parsed.data.VITE_HTTP_TIMEOUT_MS,
});
