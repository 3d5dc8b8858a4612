import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from './envelope';
import { fastifyRequestSchemas, type RequestSchemas } from './request-schemas';

/**
 * What a route that answers something other than one JSON body says it answers instead, so the reply check
 * (and the test that every route declares its reply) knows it on purpose: a file or zip, an NDJSON stream, a
 * websocket upgrade, or a redirect.
 */
export type NonJsonReply = 'file' | 'stream' | 'websocket' | 'redirect';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `nonJsonReply`: this route's reply is not one JSON body and has no reply schema. */
    replyFormat?: NonJsonReply;
  }
}

/**
 * Route options: the route answers HOJ's envelope `{status, msg, data}` with `data` of this shape, and reads the
 * request parts `request` names, checked before the handler runs (request-schemas.ts).
 */
export function hojReply<Data extends z.ZodType, Request extends RequestSchemas = Record<never, never>>(
  data: Data,
  request?: Request,
) {
  return { schema: { ...fastifyRequestSchemas(request), response: { 200: envelope(data) } } };
}

/** Route options: the route answers this bare JSON body (the ICPC Contest API, health probes). */
export function bareReply<Body extends z.ZodType, Request extends RequestSchemas = Record<never, never>>(
  body: Body,
  request?: Request,
) {
  return { schema: { ...fastifyRequestSchemas(request), response: { 200: body } } };
}

/** Route options merged into the route's own config: its reply is a file, a stream, a socket or a redirect. */
export function nonJsonReply<
  Options extends { config?: object },
  Request extends RequestSchemas = Record<never, never>,
>(options: Options, format: NonJsonReply, request?: Request) {
  return {
    ...options,
    config: { ...options.config, replyFormat: format },
    schema: fastifyRequestSchemas(request),
  };
}

/** A reply that does not match the schema its route declares: a defect of ours, never the client's. */
export class ReplyMismatch extends Error {
  override readonly name = 'ReplyMismatch';
  constructor(
    readonly route: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`reply of ${route} does not match its schema: ${z.prettifyError(new z.ZodError([...issues]))}`);
  }
}

/**
 * `reject` (the default, REPLY_CHECK): a mismatching reply becomes HOJ's 500 envelope, so a contract drift fails
 * loudly in every test tier; `log`: it is logged as an error and sent as it is, for an operator who would rather
 * serve a page with one field wrong than none; `off`: no check, for a site whose hot lists cannot spare the
 * parse (a 300-row rank page costs a few ms: docs/performance.md) once the suite has checked the contracts.
 */
export const replyCheckModes = ['reject', 'log', 'off'] as const;
export type ReplyCheckMode = (typeof replyCheckModes)[number];

/**
 * Checks every JSON reply against the zod schema its route declares in `schema.response` (issue 12: replies are
 * checked at the edge). The check only reads: the body sent is the handler's own, serialized by JSON.stringify,
 * so a field the schema does not name still reaches the client. Encapsulated: it covers the routes registered
 * in the plugin that installs it.
 */
export function installReplyChecking(app: FastifyInstance, mode: ReplyCheckMode): void {
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (mode === 'off' || !(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const route = `${method} ${url}`;
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        const mismatch = new ReplyMismatch(route, checked.error.issues);
        if (mode === 'reject') throw mismatch;
        app.log.error({ route, issues: checked.error.issues.slice(0, 5) }, mismatch.name);
      }
      return JSON.stringify(data);
    };
  });
}
