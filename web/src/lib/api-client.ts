import { z } from 'zod';
import { userAuthInfo } from '@oj/contracts';
import { navigate } from 'wouter/use-browser-location';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { openAuthDialog } from '@/stores/auth-dialog';
import { clearSession, replaceRoles, replaceToken, session } from '@/stores/session';
import { currentLanguage, i18n } from './i18n';
import { interpretReply, isAdminPath, isLoginPath, type FailureMessage, type Outcome } from './api-outcome';
import { showToast } from './toast';
import { tolerantOf } from './tolerant-reply';

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Background calls (site config, unread poll) fail without a toast; 401/403 reactions still run. */
  silent?: boolean;
};

/** A failed call; `message` is already in the UI language and has been toasted unless the call was silent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const textOf = (message: FailureMessage): string => ('text' in message ? message.text : i18n.t(message.key));

const buildUrl = (path: string, query: RequestOptions['query']): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${env.apiBase}${path}${text ? `?${text}` : ''}`;
};

const buildHeaders = (path: string, hasBody: boolean): Headers => {
  const headers = new Headers({
    'Url-Type': isAdminPath(path) ? 'admin' : 'general',
    'Accept-Language': currentLanguage(),
  });
  if (hasBody) headers.set('Content-Type', 'application/json');
  // HOJ sends the raw token, no "Bearer " prefix (api-core §0.3).
  if (session.token && !isLoginPath(path)) headers.set('Authorization', session.token);
  return headers;
};

const fail = (status: number, message: string, silent: boolean): never => {
  if (!silent) showToast('error', message);
  throw new ApiError(status, message);
};

const refreshRoles = async (): Promise<void> => {
  try {
    const info = await apiRequest('GET', '/get-user-auth-info', tolerantOf(userAuthInfo, ['roles']), {
      silent: true,
    });
    replaceRoles(info.data.roles);
  } catch {
    // The 403 message is already shown; a failed refresh keeps the roles we had.
  }
};

const react = (outcome: Extract<Outcome, { ok: false }>, path: string): void => {
  if (outcome.reaction === 'sign-in-again') {
    clearSession();
    if (isAdminPath(path)) navigate(paths.adminLogin());
    else openAuthDialog('login');
  } else if (outcome.reaction === 'refresh-roles' && path !== '/get-user-auth-info') {
    void refreshRoles();
    if (isAdminPath(path)) navigate(paths.admin());
  }
};

const fetchWithTimeout = async (url: string, init: RequestInit, silent: boolean): Promise<Response> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), env.httpTimeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    return controller.signal.aborted
      ? fail(0, i18n.t('errors:timeout'), silent)
      : fail(0, i18n.t('errors:network'), silent);
  } finally {
    clearTimeout(timer);
  }
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

/** One call under /api: envelope unwrapped, `data` checked against `schema`, errors toasted and reacted to. */
export const apiRequest = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> => {
  const silent = options.silent ?? false;
  const hasBody = options.body !== undefined;
  // A FormData body (file uploads) sets its own multipart Content-Type with the boundary.
  const isForm = options.body instanceof FormData;
  const body = isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined;
  const response = await fetchWithTimeout(
    buildUrl(path, options.query),
    { method, headers: buildHeaders(path, hasBody && !isForm), body },
    silent,
  );
  const refreshed = response.headers.get('Authorization');
  if (response.headers.get('Refresh-Token') && refreshed) replaceToken(refreshed);
  const outcome = interpretReply(response.status, await readJson(response));
  if (!outcome.ok) {
    react(outcome, path);
    return fail(outcome.status, textOf(outcome.message), silent);
  }
  const data = schema.safeParse(outcome.data);
  if (!data.success) return fail(500, i18n.t('errors:serverError'), silent);
  return { data: data.data, headers: response.headers };
};

export const apiGet = async <T>(path: string, schema: z.ZodType<T>, options?: Omit<RequestOptions, 'body'>) =>
  (await apiRequest('GET', path, schema, options)).data;

export const apiPost = async <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
  (await apiRequest('POST', path, schema, { ...options, body })).data;

export const apiPut = async <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
  (await apiRequest('PUT', path, schema, { ...options, body })).data;

/** A multipart upload (avatar, carousel image) through the same envelope handling as the JSON calls. */
export const apiUpload = async <T>(path: string, form: FormData, schema: z.ZodType<T>) =>
  (await apiRequest('POST', path, schema, { body: form })).data;

export const apiDelete = async <T>(path: string, query: RequestOptions['query'], schema: z.ZodType<T>) =>
  (await apiRequest('DELETE', path, schema, { query })).data;
