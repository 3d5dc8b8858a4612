import { z } from 'zod';

/** HOJ envelope (api-core §0.1); the token filter's 401 replies drop null fields, so every key is optional. */
const envelopeSchema = z.object({
  status: z.number().nullish(),
  msg: z.string().nullish(),
  data: z.unknown().optional(),
});

/** What the client must do besides showing the message (spec 000 §4 and §8, api-core §0.2). */
export type Reaction = 'none' | 'sign-in-again' | 'refresh-roles';

/** A server text is shown as is; a catalogue key is translated into the current language. */
export type FailureMessage = { text: string } | { key: 'errors:notFound' | 'errors:serverError' };

export type Outcome =
  { ok: true; data: unknown } | { ok: false; status: number; message: FailureMessage; reaction: Reaction };

const serverTextOr = (msg: string | null | undefined, fallback: FailureMessage): FailureMessage =>
  msg ? { text: msg } : fallback;

/**
 * Decides the outcome of one reply from its HTTP status and parsed body (undefined when the body was not JSON).
 * A body 401 under HTTP 200 only toasts: HOJ's client opens the login dialog for HTTP 401 alone (api-core §0.2).
 */
export const interpretReply = (httpStatus: number, body: unknown): Outcome => {
  const envelope = envelopeSchema.safeParse(body);
  const msg = envelope.success ? envelope.data.msg : undefined;
  if (httpStatus >= 200 && httpStatus < 300) {
    if (!envelope.success) return { ok: false, status: 500, message: { key: 'errors:serverError' }, reaction: 'none' };
    const status = envelope.data.status;
    if (status === undefined || status === null || status === 200) return { ok: true, data: envelope.data.data };
    return { ok: false, status, message: serverTextOr(msg, { key: 'errors:serverError' }), reaction: 'none' };
  }
  if (httpStatus === 401) {
    return {
      ok: false,
      status: 401,
      message: serverTextOr(msg, { key: 'errors:serverError' }),
      reaction: 'sign-in-again',
    };
  }
  if (httpStatus === 403) {
    return {
      ok: false,
      status: 403,
      message: serverTextOr(msg, { key: 'errors:serverError' }),
      reaction: 'refresh-roles',
    };
  }
  if (httpStatus === 404) return { ok: false, status: 404, message: { key: 'errors:notFound' }, reaction: 'none' };
  return { ok: false, status: httpStatus, message: serverTextOr(msg, { key: 'errors:serverError' }), reaction: 'none' };
};

/** Admin calls carry Url-Type admin and react to 401/403 with the back-office pages (spec 002 §4). */
export const isAdminPath = (path: string): boolean => path === '/admin' || path.startsWith('/admin/');

/** Login calls never carry the stored token (api-core §0.3). */
export const isLoginPath = (path: string): boolean => path === '/login' || path === '/admin/login';
