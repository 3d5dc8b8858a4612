import path from 'node:path';
import { apiServiceEnvironment, blankIsUnset, parseEnvironment } from '@oj/platform';

const schema = apiServiceEnvironment.extend({
  ROOT_PASSWORD: blankIsUnset,
  /** What the judges' JUDGE_COMPILE_SUBJECT says; unset: its default. */
  JUDGE_COMPILE_SUBJECT: blankIsUnset,
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
