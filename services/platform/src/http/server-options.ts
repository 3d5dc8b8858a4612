import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../logging/logger';

/**
 * Fastify options every HTTP process shares: pino logs, a correlation id taken from `X-Correlation-Id`
 * (so a proxy or another service can pass one along) or made fresh, and the client ip behind proxies.
 */
export function apiServerOptions(settings: {
  readonly name: string;
  readonly logLevel?: string;
}): FastifyServerOptions {
  return {
    logger: loggerOptions({ name: settings.name, level: settings.logLevel ?? 'info' }),
    requestIdHeader: 'x-correlation-id',
    genReqId: () => randomUUID(),
    trustProxy: settings.trustProxy ?? false,
  };
}
