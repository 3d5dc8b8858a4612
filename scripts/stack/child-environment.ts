import { definedOnly } from './child-process';
import type { StackConfig } from './config';
import type { Infrastructure } from './infrastructure';

/**
 * Dropped from what the children inherit (e.g. from .env via start.sh): the settings only the API server uses, and
 * a worker's health port, which names one process's port (the projector and every judge would bind the same one,
 * and the launcher supervises its children itself).
 */
const notForChildren = [
  'JWT_SECRET',
  'ROOT_PASSWORD',
  'SMTP_URL',
  'MAIL_FROM',
  'BASE_URL',
  'HEALTH_PORT',
  'HEALTH_HOST',
];

/** The environment of the launcher's children: its own (and the caller's extra), less `notForChildren`, plus the stack's. */
export function childEnvironment(
  config: StackConfig,
  infrastructure: Pick<Infrastructure, 'databaseUrl' | 'natsUrl'>,
  extra: Readonly<Record<string, string>> = {},
  inherited: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const passed = (environment: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(environment).filter(([key]) => !notForChildren.includes(key)));
  return {
    ...passed(definedOnly(inherited)),
    ...passed(extra),
    ...definedOnly({
      DATA_DIR: config.dataDir,
      DATABASE_URL: infrastructure.databaseUrl,
      EVENTSTORE_URL: config.eventStoreUrl,
      NATS_URL: infrastructure.natsUrl || undefined,
      LOG_LEVEL: config.logLevel,
    }),
  };
}
