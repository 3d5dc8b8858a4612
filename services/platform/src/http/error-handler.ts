import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type core } from 'zod';
import { pickLocale, renderText, type LocalizedText, type TextParameters } from '../i18n/localized-text';
import { platformMessages } from '../i18n/platform-messages';
import { ApiError, type BodyStatus } from './api-error';
import { isUnavailableDependency } from './unavailable-dependency';

/** Messages that zod schemas name by key (`z.string({ error: 'users.usernameRequired' })`). */
export type MessageCatalogue = Readonly<Record<string, LocalizedText>>;

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: { status: BodyStatus; httpStatus: number; text: LocalizedText; parameters?: TextParameters },
): FastifyReply {
  const locale = pickLocale(request.headers['accept-language']);
  if (error.httpStatus === 401 || error.httpStatus === 403) {
    const urlType = request.headers['url-type'];
    if (typeof urlType === 'string') reply.header('Url-Type', urlType);
  }
  // A refusal is HOJ's envelope with no data, often with HTTP 200 (api-core §0.2): it is not the reply the route
  // declares, so it skips that reply's check (reply-schemas.ts). A reply serializer of its own leaves the
  // content type unset, so it is named here.
  return reply
    .code(error.httpStatus)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ status: error.status, msg: renderText(error.text, locale, error.parameters), data: null });
}

function validationText(
  issue: core.$ZodIssue | undefined,
  messages: MessageCatalogue,
): { text: LocalizedText; parameters: TextParameters } {
  if (!issue) return { text: platformMessages.badRequestFormat, parameters: {} };
  const known = messages[issue.message];
  if (known) return { text: known, parameters: {} };
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return { text: platformMessages.missingParameter, parameters: { name: issue.path.join('.') } };
  }
  return { text: platformMessages.badRequestFormat, parameters: {} };
}

/**
 * The one error handler of a service (api-core §0.2): ApiError → its envelope; zod failure → HTTP 400 with the
 * first field's message; malformed bodies → HTTP 400; an unreachable database or
 * NATS → HTTP 503 (unavailable-dependency.ts); anything else → HTTP 500 with a generic message, the
 * cause logged under the request's correlation id.
 */
export function installErrorHandler(app: FastifyInstance, messages: MessageCatalogue = {}): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ApiError) {
      if (error.logDetail) request.log.error({ correlationId: request.id, detail: error.logDetail }, error.name);
      return sendError(request, reply, error);
    }
    if (error instanceof ZodError) {
      return sendError(request, reply, { status: 400, httpStatus: 400, ...validationText(error.issues[0], messages) });
    }
    const statusCode = 'statusCode' in error ? error.statusCode : undefined;
    if (statusCode === 415) {
      return sendError(request, reply, { status: 400, httpStatus: 415, text: platformMessages.mediaTypeNotSupported });
    }
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return sendError(request, reply, { status: 400, httpStatus: 400, text: platformMessages.badRequestFormat });
    }
    if (isUnavailableDependency(error)) {
      // A dependency being restarted (issue 14): the client may retry; not a bug of ours.
      request.log.warn({ err: error, correlationId: request.id }, 'dependency unavailable');
      return sendError(request, reply, { status: 503, httpStatus: 503, text: platformMessages.serviceUnavailable });
    }
    request.log.error({ err: error, correlationId: request.id }, 'unhandled error');
    return sendError(request, reply, { status: 500, httpStatus: 500, text: platformMessages.serverError });
  });
}

/** For whoever composes the server: unknown /api paths get an envelope, not Fastify's default body. */
export function installNotFoundEnvelope(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, { status: 404, httpStatus: 404, text: platformMessages.notFound }),
  );
}
