import path from 'node:path';
import { z } from 'zod';
import { replyCheckModes } from '../http/reply-schemas';

/** A variable that is unset or blank reads as undefined (deploy files write `VAR=` for "not set"); others trimmed. */
export const blankIsUnset = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** LOG_LEVEL: pino's levels, info when unset. */
export const logLevelVariable = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/**
 * What the command and the query service both read when each runs as its own process (`npm start` reads
 * scripts/stack/config.ts instead). Each service extends it with its own variables.
 */
export const apiServiceEnvironment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: blankIsUnset.transform((value) => value ?? '127.0.0.1'),
  /** Blobs and secrets (the query reads test data and secrets/contest-password-key from the same DATA_DIR). */
  DATA_DIR: blankIsUnset.transform((value) => path.resolve(value ?? './.data')),
  DATABASE_URL: z.string().startsWith('postgres', 'must be a postgres:// URL (the stack sets it for you)'),
  /** The event store when it is not the Postgres one (the query reads it only for CCS basic auth). */
  EVENTSTORE_URL: blankIsUnset,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (the stack generates one under DATA_DIR)'),
  SMTP_URL: blankIsUnset,
  MAIL_FROM: blankIsUnset,
  BASE_URL: blankIsUnset,
  /** A reply that does not match its route's schema: reject (HOJ's 500 envelope) or log and send it. */
  REPLY_CHECK: z.enum(replyCheckModes).default('reject'),
  LOG_LEVEL: logLevelVariable,
  /**
   * The judges' NATS (nats://<token>@host:port, several comma-separated for a cluster); unset: the command compiles
   * no SPJ, the query shows the judge queue figures and the live judges as unknown.
   */
  NATS_URL: blankIsUnset,
  /** What the judges' JUDGE_REPORT_SUBJECT says; unset: its default. */
  JUDGE_REPORT_SUBJECT: blankIsUnset,
});

/**
 * The health endpoints of a worker process (serveWorkerHealth): HEALTH_PORT unset or blank serves none (npm start's
 * children, which the launcher supervises itself); HEALTH_HOST 127.0.0.1 unless an orchestrator probes from outside.
 */
export const workerHealthEnvironment = {
  HEALTH_PORT: blankIsUnset
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(1).max(65535).optional()),
  HEALTH_HOST: blankIsUnset.transform((value) => value ?? '127.0.0.1'),
};

/** Where a worker serves its health endpoints; null for none. */
export function workerHealthAddress(variables: {
  readonly HEALTH_PORT?: number | undefined;
  readonly HEALTH_HOST: string;
}): { readonly host: string; readonly port: number } | null {
  return variables.HEALTH_PORT === undefined ? null : { host: variables.HEALTH_HOST, port: variables.HEALTH_PORT };
}
