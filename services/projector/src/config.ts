import { z } from 'zod';
import { parseEnvironment, workerHealthAddress, workerHealthEnvironment } from '@oj/platform';

const projectorEnvironment = z.object({
  DATABASE_URL: z.string().regex(/^postgres(?:ql)?:\/\//, 'a postgres:// URL (npm start passes the embedded one)'),
  EVENTSTORE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Events per transaction while a projection catches up. */
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  ...workerHealthEnvironment,
});

/** The variables this process reads, for deploy files that must name only these (deploy/compose). */
export const projectorEnvironmentKeys: readonly string[] = Object.keys(projectorEnvironment.shape);

export interface ProjectorConfig {
  readonly databaseUrl: string;
  readonly eventStoreUrl: string | undefined;
  readonly logLevel: string;
  readonly batchSize: number;
  /** Where /health and /ready are served (HEALTH_PORT); null for nowhere. */
  readonly health: { readonly host: string; readonly port: number } | null;
}

export function loadProjectorConfig(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): ProjectorConfig {
  const parsed = parseEnvironment(projectorEnvironment, environment);
  return Object.freeze({
    databaseUrl: parsed.DATABASE_URL,
    eventStoreUrl: parsed.EVENTSTORE_URL || undefined,
    logLevel: parsed.LOG_LEVEL,
    batchSize: parsed.PROJECTOR_BATCH_SIZE,
    health: workerHealthAddress(parsed),
  });
}
