import path from 'node:path';
import { z } from 'zod';
import { parseEnvironment, replyCheckModes } from '@oj/platform';

const blankIsUnset = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: blankIsUnset.transform((value) => value ?? '127.0.0.1'),
  DATABASE_URL: z.string().startsWith('postgres', 'must be a postgres:// URL (the stack sets it for you)'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (the stack generates one under DATA_DIR)'),
  SMTP_URL: blankIsUnset,
  MAIL_FROM: blankIsUnset,
  BASE_URL: blankIsUnset,
  /** A reply that does not match its route's schema: reject (HOJ's 500 envelope) or log and send it. */
  REPLY_CHECK: z.enum(replyCheckModes).default('reject'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Blobs (download-testcase) and secrets/contest-password-key: the DATA_DIR shared with the command service. */
  DATA_DIR: blankIsUnset.transform((value) => path.resolve(value ?? './.data')),
  /** For the judge queue figures and the live judges; unset: those show as unknown. */
  NATS_URL: blankIsUnset,
  JUDGE_REPORT_SUBJECT: blankIsUnset,
  /** The event store when it is not the Postgres one; read only for CCS basic auth (password hashes). */
  EVENTSTORE_URL: blankIsUnset,
});

/** The variables this process reads, for deploy files that must name only these (deploy/compose). */
export const queryEnvironmentKeys: readonly string[] = Object.keys(schema.shape);

/** The query service run as its own process (`npm start` composes it in one server instead). */
export function loadQueryConfig(environment: Readonly<Record<string, string | undefined>> = process.env) {
  const env = parseEnvironment(schema, environment);
  const smtpUser = env.SMTP_URL ? decodeURIComponent(new URL(env.SMTP_URL).username) : '';
  return Object.freeze({
    ...env,
    baseUrl: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    mailFrom: env.MAIL_FROM ?? (smtpUser.includes('@') ? smtpUser : null),
  });
}
