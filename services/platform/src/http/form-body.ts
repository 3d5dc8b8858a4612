import type { FastifyInstance } from 'fastify';

/**
 * The form body limit: HOJ's client sends form bodies only for a bare value (the uid it posts to
 * get-sessions) or a few fields; nothing legitimate comes near it, and a form is parsed whole in memory.
 */
export const formBodyLimitBytes = 16 * 1024;

export const formContentType = 'application/x-www-form-urlencoded';

/**
 * A form body as the route's zod schema sees it: `a=1&b=x` → `{a: '1', b: 'x'}` (a repeated name keeps its last
 * value, as Spring binds a scalar), and a body with neither `=` nor `&` → that value as a string. The second is
 * what axios sends when HOJ's client posts a bare string (get-sessions posts the uid), which Spring reads as the
 * whole body; `URLSearchParams` would make it a key with an empty value instead.
 */
export function parseFormBody(text: string): Record<string, string> | string {
  if (!text.includes('=') && !text.includes('&')) return decodeURIComponent(text.replaceAll('+', ' '));
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * Accepts `application/x-www-form-urlencoded` bodies (issue 11 item 5) with a small limit, so a form reaches
 * the same zod schemas as JSON. A small parser rather than @fastify/formbody: that plugin has no bare-value
 * case and would add a dependency for a dozen lines. Safe to call on an instance that already has one (command
 * and query plugins may share an instance).
 */
export function installFormBodyParser(app: FastifyInstance): void {
  if (app.hasContentTypeParser(formContentType)) return;
  app.addContentTypeParser(
    formContentType,
    { parseAs: 'string', bodyLimit: formBodyLimitBytes },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(body as string));
      } catch {
        // A malformed percent escape: the same 400 as unparsable JSON.
        const error = Object.assign(new Error('Failed to parse parameter format!'), { statusCode: 400 });
        done(error, undefined);
      }
    },
  );
}
