import { loadStackConfig, stackEnvironmentKeys, type StackConfig } from './config';

/**
 * The API process of a cluster (deploy/, docs/architecture.md "Running on more than one machine"): the same
 * Fastify server `npm start` builds (command and query under /api, the web app at /), but against an existing
 * PostgreSQL and NATS and with no child processes, so several can run behind a proxy. Everything comes from the
 * environment; what `npm start` would generate or start must be given here, since every API host must agree.
 */
export interface ApiProcessConfig {
  readonly stack: StackConfig;
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly jwtSecret: string;
  readonly judgeCompileSubject: string | undefined;
  readonly judgeReportSubject: string | undefined;
}

/** The judges' subjects, when they are not the defaults (the judge's config.ts reads the same names). */
const judgeSubjectKeys = ['JUDGE_COMPILE_SUBJECT', 'JUDGE_REPORT_SUBJECT'] as const;

export const apiProcessEnvironmentKeys: readonly string[] = [...stackEnvironmentKeys, ...judgeSubjectKeys];

export class ApiProcessConfigError extends Error {}

export function loadApiProcessConfig(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): ApiProcessConfig {
  const stack = loadStackConfig(environment);
  const missing = [
    stack.databaseUrl === undefined ? 'DATABASE_URL (the cluster runs no embedded PostgreSQL)' : '',
    stack.natsUrl === undefined ? 'NATS_URL (nats://<token>@nats-1:4222,nats://nats-2:4222,…)' : '',
    stack.jwtSecret === undefined ? 'JWT_SECRET (the same on every API host, or tokens fail on the other)' : '',
  ].filter((problem) => problem !== '');
  if (missing.length > 0) {
    throw new ApiProcessConfigError(`invalid environment:\n${missing.map((problem) => `  - ${problem}`).join('\n')}`);
  }
  const subject = (key: (typeof judgeSubjectKeys)[number]) => environment[key]?.trim() || undefined;
  return Object.freeze({
    stack,
    databaseUrl: stack.databaseUrl as string,
    natsUrl: stack.natsUrl as string,
    jwtSecret: stack.jwtSecret as string,
    judgeCompileSubject: subject('JUDGE_COMPILE_SUBJECT'),
    judgeReportSubject: subject('JUDGE_REPORT_SUBJECT'),
  });
}
