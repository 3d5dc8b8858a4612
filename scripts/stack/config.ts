import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { blankIsUnset, logLevelVariable, replyCheckModes, type ReplyCheckMode } from '@oj/platform';

/**
 * The stack's environment (DESIGN.md "Configuration"), parsed once. Every key is documented in .env.example.
 * Unset URLs mean "start it for me under DATA_DIR"; unset secrets are generated (see secrets.ts).
 */
export interface StackConfig {
  readonly host: string;
  /** 0 picks a free port (the test harness does this). */
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly natsUrl: string | undefined;
  readonly jwtSecret: string | undefined;
  readonly rootPassword: string | undefined;
  readonly smtpUrl: string | undefined;
  /** Sender of mails; published as the site's email. Unset: the SMTP account when it is an address. */
  readonly mailFrom: string | undefined;
  /** Public URL for links in mails until an admin sets the site's baseUrl. Unset: http://HOST:PORT. */
  readonly baseUrl: string | undefined;
  /** Fastify's trustProxy: false (default), true, or the proxy addresses (comma-separated). */
  readonly trustProxy: boolean | string;
  readonly judgeWorkers: number;
  /** DEMO=0 skips adding the demo problems to a site that never had a problem. */
  readonly demo: boolean;
  /** REPLY_CHECK: what a reply that does not match its route's schema becomes (default reject). */
  readonly replyCheck: ReplyCheckMode;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

const optionalText = blankIsUnset;

const optionalUrl = (schemes: readonly string[]) =>
  optionalText.refine((value) => value === undefined || schemes.some((scheme) => value.startsWith(`${scheme}://`)), {
    message: `must start with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`,
  });

const environmentSchema = z.object({
  HOST: optionalText.transform((value) => value ?? '127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: optionalText.transform((value) => value ?? './.data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  // The event store factory names the accepted schemes (postgres, kurrentdb, esdb …) when it rejects one.
  EVENTSTORE_URL: optionalText,
  NATS_URL: optionalUrl(['nats', 'tls']),
  JWT_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ROOT_PASSWORD: optionalText.refine((value) => value === undefined || (value.length >= 6 && value.length <= 64), {
    message: 'must be 6 to 64 characters (the password rule)',
  }),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: optionalText,
  BASE_URL: optionalUrl(['http', 'https']),
  TRUST_PROXY: optionalText.transform((value) => {
    if (value === undefined || value === 'false') return false;
    return value === 'true' ? true : value;
  }),
  JUDGE_WORKERS: z.coerce.number().int().min(0).max(64).default(availableParallelism()),
  DEMO: optionalText,
  REPLY_CHECK: z.enum(replyCheckModes).default('reject'),
  LOG_LEVEL: logLevelVariable,
});

/** The variables the stack reads, for deploy files that must name only these (deploy/compose). */
export const stackEnvironmentKeys: readonly string[] = Object.keys(environmentSchema.shape);

export class StackConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'StackConfigError';
  }
}

/** Parses `environment` (process.env by default); throws StackConfigError listing every bad variable. */
export function loadStackConfig(
  environment: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): StackConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new StackConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  return Object.freeze({
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    eventStoreUrl: env.EVENTSTORE_URL,
    natsUrl: env.NATS_URL,
    jwtSecret: env.JWT_SECRET,
    rootPassword: env.ROOT_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    baseUrl: env.BASE_URL,
    trustProxy: env.TRUST_PROXY,
    judgeWorkers: env.JUDGE_WORKERS,
    demo: env.DEMO !== '0',
    logLevel: env.LOG_LEVEL,
    replyCheck: env.REPLY_CHECK,
  });
}
