import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

export interface LoggerSettings {
  readonly name: string;
  readonly level?: string;
}

/** Structured JSON logs; secrets that can reach a log line (tokens, passwords) are redacted. */
export function loggerOptions(settings: LoggerSettings): LoggerOptions {
  return {
    name: settings.name,
    level: settings.level ?? 'info',
    redact: {
      paths: ['req.headers.authorization', 'password', 'passwordHash', '*.password', '*.passwordHash'],
      censor: '[redacted]',
    },
  };
}

export function createLogger(settings: LoggerSettings): Logger {
  return pino(loggerOptions(settings));
}
