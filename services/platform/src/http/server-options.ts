import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../logging/logger';

/**
 * The JSON body limit of every route that does not declare its own (F1): the largest legitimate JSON body, a
 * submission of HOJ's 65535-character code, fits. Routes with larger bodies (a problem with its statement and
 * samples) set `bodyLimit` on the route; file uploads are multipart streams with their own size limits.
 */
export const defaultBodyLimitBytes = 256 * 1024;

/** The body limit of the few routes that carry files as JSON text: a problem with manual test data, a checker header. */
export const largeBodyLimitBytes = 16 * 1024 * 1024;

/** What a proxy's `X-Correlation-Id` may look like to be logged beside ours (F18); anything else is dropped. */
const clientCorrelationIdShape = /^[A-Za-z0-9._:-]{1,64}$/;

/** The client's `X-Correlation-Id` when it is short and plain, for the request log line only. */
export function clientCorrelationIdOf(headers: Readonly<Record<string, unknown>>): string | undefined {
  const sent = headers['x-correlation-id'];
  return typeof sent === 'string' && clientCorrelationIdShape.test(sent) ? sent : undefined;
}

/**
 * Fastify options every HTTP process shares: pino logs, a small JSON body limit, and a correlation id the server
 * makes for each request (F18): it becomes the correlation and causation id of every event the request appends,
 * so no client can choose or forge it. A proxy's `X-Correlation-Id` is only logged, bounded, beside it.
 * `trustProxy` (Fastify's setting: true or the proxy addresses) is off by default: trusting any client's
 * X-Forwarded-For, as HOJ does, would let it dodge the per-ip login lock.
 */
export function apiServerOptions(settings: {
  readonly name: string;
  readonly logLevel?: string;
  readonly trustProxy?: boolean | string;
}): FastifyServerOptions {
  return {
    logger: {
      ...loggerOptions({ name: settings.name, level: settings.logLevel ?? 'info' }),
      serializers: {
        req: (request: {
          method: string;
          url: string;
          headers: Record<string, unknown>;
          socket?: { remoteAddress?: string };
        }) => ({
          method: request.method,
          url: request.url,
          remoteAddress: request.socket?.remoteAddress,
          clientCorrelationId: clientCorrelationIdOf(request.headers),
        }),
      },
    },
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    bodyLimit: defaultBodyLimitBytes,
    trustProxy: settings.trustProxy ?? false,
    schemaController: {
      compilersFactory: { buildValidator: () => noSchemaCompiler, buildSerializer: () => noSchemaCompiler },
    },
  };
}

/**
 * The server's own schema compilers, in place of Fastify's defaults (ajv and fast-json-stringify, which Fastify
 * loads when none are given: 0.3 s of the API process's start, for JSON schemas no route has). Every route's
 * schemas are zod schemas, checked by the compilers `installRequestChecking` and `installReplyChecking` set in the
 * plugin that registers it; a route with a schema outside those plugins fails at start instead of going unchecked.
 */
function noSchemaCompiler(route: unknown): never {
  // Fastify hands a compiler the route's schema definition; the factories' declared types are ajv's.
  const { method, url } = (route ?? {}) as { readonly method?: string; readonly url?: string };
  throw new Error(`${method} ${url} declares a schema outside a plugin that installs request and reply checking`);
}
