import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';

/** The parts of a request a route declares a zod schema for (contracts/ holds them: issue 12). */
export interface RequestSchemas {
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly params?: z.ZodType;
}

/** `RequestSchemas` in Fastify's own words (`schema.querystring`, `schema.body`, `schema.params`). */
export type FastifyRequestSchemas<Request extends RequestSchemas> = {
  [Part in keyof Request as Part extends 'query' ? 'querystring' : Part]: Request[Part];
};

export function fastifyRequestSchemas<Request extends RequestSchemas>(
  request: Request | undefined,
): FastifyRequestSchemas<Request> {
  const schemas: Record<string, z.ZodType> = {};
  if (request?.query) schemas.querystring = request.query;
  if (request?.body) schemas.body = request.body;
  if (request?.params) schemas.params = request.params;
  return schemas as FastifyRequestSchemas<Request>;
}

/**
 * Types `request.query`, `request.body` and `request.params` from the route's zod schemas:
 * `app.withTypeProvider<ZodRequests>()` in a routes module. Replies stay `unknown` to the compiler; they are
 * checked at run time against `schema.response` (reply-schemas.ts).
 */
export interface ZodRequests extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: unknown;
}

/**
 * Checks each request part a route declares against its zod schema before the handler runs (after the
 * onRequest auth hook, so an unauthorised caller is refused before its input is read), and hands the handler the
 * parsed value (coerced numbers, defaults). A failure is the ZodError itself: the error handler turns it into
 * HOJ's 400 envelope naming the first field, exactly as a parse in the handler did. A missing body is read as
 * `{}`, so a POST with no body names the missing field rather than failing as a whole. Encapsulated: it covers
 * the routes registered in the plugin that installs it.
 */
export function installRequestChecking(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!(schema instanceof z.ZodType)) {
      throw new Error(`a route declares a ${httpPart ?? 'request'} schema that is not a zod schema`);
    }
    return (data: unknown) => {
      // reportInput: the error handler tells a missing field (no input) from a malformed one by the input.
      const checked = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data, { reportInput: true });
      return checked.success ? { value: checked.data } : { error: checked.error };
    };
  });
}
