import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../logging/logger';

/**
 * Fastify options every HTTP process shares: pino logs, and a correlation id taken from `X-Correlation-Id`
 * (so a proxy or another service can pass one along) or made fresh. `trustProxy` (Fastify's setting: true or
 * the proxy addresses) is off by default: trusting any client's X-Forwarded-For, as HOJ does, would let it
 * dodge the per-ip login lock.
 */
export function apiServerOptions(settings: {
  readonly name: string;
  readonly logLevel?: string;
  readonly trustProxy?: boolean | string;
}): FastifyServerOptions {
  return {
    logger: loggerOptions({ name: settings.name, level: settings.logLevel ?? 'info' }),
    requestIdHeader: 'x-correlation-id',
    genReqId: () => randomUUID(),
    trustProxy: settings.trustProxy ?? false,
  };
}
