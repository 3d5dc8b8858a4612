import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** A Content-Disposition naming the file both plainly and in UTF-8 (RFC 6266). */
export const attachment = (name: string) =>
  `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A file body written while it is sent. The headers leave first, so a failure after this point can only cut the
 * download short; it is logged with the request's correlation id.
 */
export function streamed(
  request: FastifyRequest,
  what: string,
  write: (body: PassThrough) => Promise<void>,
): PassThrough {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    // A body already destroyed means the client went away: nothing failed on this side.
    if (body.destroyed) request.log.info({ correlationId: request.id }, `${what} cancelled by the client`);
    else request.log.error({ err: error, correlationId: request.id }, `${what} failed`);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return body;
}
