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
  DATA_DIR: blankIsUnset.transform((value) => path.resolve(value ?? './.data')),
  DATABASE_URL: z.string().startsWith('postgres', 'must be a postgres:// URL (the stack sets it for you)'),
  EVENTSTORE_URL: blankIsUnset,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (the stack generates one under DATA_DIR)'),
  ROOT_PASSWORD: blankIsUnset,
  SMTP_URL: blankIsUnset,
  MAIL_FROM: blankIsUnset,
  BASE_URL: blankIsUnset,
  /** A reply that does not match its route's schema: reject (HOJ's 500 envelope) or log and send it. */
  REPLY_CHECK: z.enum(replyCheckModes).default('reject'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The judges' NATS (nats://<token>@host:port, several comma-separated for a cluster); unset: no SPJ compile. */
  NATS_URL: blankIsUnset,
  /** What the judges' JUDGE_COMPILE_SUBJECT and JUDGE_REPORT_SUBJECT say; unset: their defaults. */
  JUDGE_COMPILE_SUBJECT: blankIsUnset,
  JUDGE_REPORT_SUBJECT: blankIsUnset,
});

/** The variables this process reads, for deploy files that must name only these (deploy/compose). */
export const commandEnvironmentKeys: readonly string[] = Object.keys(schema.shape);

export type CommandConfig = ReturnType<typeof loadCommandConfig>;

/** The command service run as its own process (`npm start` composes it in one server instead). */
export function loadCommandConfig(environment: Readonly<Record<string, string | undefined>> = process.env) {
  const env = parseEnvironment(schema, environment);
  return Object.freeze({
    ...env,
    baseUrl: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    mailFrom: env.MAIL_FROM ?? senderFrom(env.SMTP_URL),
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
  });
}

/** The SMTP account name, as HOJ uses emailUsername; a neutral sender when mail goes to the outbox. */
function senderFrom(smtpUrl: string | undefined): string {
  const user = smtpUrl ? decodeURIComponent(new URL(smtpUrl).username) : '';
  return user.includes('@') ? user : 'no-reply@localhost';
}
