import { apiServiceEnvironment, parseEnvironment } from '@oj/platform';

/** The query service reads no variable of its own (DATA_DIR, NATS_URL and EVENTSTORE_URL: see the shared schema). */
const schema = apiServiceEnvironment;

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
