import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultJudgeReportSubject, parseEnvironment } from '@oj/platform';
import { defaultJudgeQueueSettings, type JudgeQueueSettings } from './judge-queue';

const positiveMs = z.coerce.number().int().positive();

const workerEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL (the event store and the relay checkpoint)'),
  EVENTSTORE_URL: z.string().min(1).optional(),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** HOJ's `judger` on each verdict; unique per process so the log tells the workers apart. */
  JUDGE_WORKER_NAME: z.string().min(1).optional(),
  /** 'off' for processes that only judge (e.g. extra machines), though running several dispatchers is safe. */
  JUDGE_DISPATCHER: z.enum(['on', 'off']).default('on'),
  JUDGE_QUEUE_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default(defaultJudgeQueueSettings.streamName),
  JUDGE_QUEUE_SUBJECT: z
    .string()
    .regex(/^[a-z0-9_.-]+$/)
    .default(defaultJudgeQueueSettings.subject),
  JUDGE_QUEUE_CONSUMER: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default(defaultJudgeQueueSettings.consumerName),
  /** NATS subject of the admin compile-spj / compile-interactive calls this process answers. */
  JUDGE_COMPILE_SUBJECT: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default('judge.compile-checker'),
  /** NATS subject of this judge's reports (alive, languages verified); what the site's JUDGE_REPORT_SUBJECT says. */
  JUDGE_REPORT_SUBJECT: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default(defaultJudgeReportSubject),
  /**
   * The languages this process offers, by HOJ name, comma-separated (e.g. a machine kept for the JVM languages);
   * absent: every language of the catalogue whose self-test passes.
   */
  JUDGE_LANGUAGES: z.string().min(1).optional(),
  JUDGE_ACK_WAIT_MS: positiveMs.default(defaultJudgeQueueSettings.ackWaitMs),
  /** Deliveries that may judge an attempt before it ends as SE (the queue adds a few that only record SE). */
  JUDGE_JUDGING_DELIVERIES: z.coerce.number().int().min(1).max(20).default(defaultJudgeQueueSettings.judgingDeliveries),
  JUDGE_RETRY_BASE_MS: positiveMs.default(1_000),
  JUDGE_RETRY_MAX_MS: positiveMs.default(60_000),
  LOG_LEVEL: z.string().default('info'),
});

export interface WorkerConfig {
  /** The blob store (test data, checker sources) lives under DATA_DIR/blobs. */
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly eventStoreUrl: string | undefined;
  readonly natsUrl: string;
  readonly workerName: string;
  readonly runsDispatcher: boolean;
  readonly queue: JudgeQueueSettings;
  readonly compileSubject: string;
  readonly reportSubject: string;
  /** JUDGE_LANGUAGES; null for the whole catalogue. */
  readonly languages: readonly string[] | null;
  readonly retryBackoff: { readonly baseMs: number; readonly maxMs: number };
  readonly logLevel: string;
}

/** The queue side of the judge process; sandbox settings (and JUDGE_WORKERS, the slots) are in ../config.ts. */
export function loadWorkerConfig(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): WorkerConfig {
  const env = parseEnvironment(workerEnvSchema, environment);
  return Object.freeze({
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    eventStoreUrl: env.EVENTSTORE_URL,
    natsUrl: env.NATS_URL,
    workerName: env.JUDGE_WORKER_NAME ?? `${hostname()}-${process.pid}`,
    runsDispatcher: env.JUDGE_DISPATCHER === 'on',
    queue: Object.freeze({
      ...defaultJudgeQueueSettings,
      streamName: env.JUDGE_QUEUE_STREAM,
      subject: env.JUDGE_QUEUE_SUBJECT,
      consumerName: env.JUDGE_QUEUE_CONSUMER,
      ackWaitMs: env.JUDGE_ACK_WAIT_MS,
      judgingDeliveries: env.JUDGE_JUDGING_DELIVERIES,
    }),
    compileSubject: env.JUDGE_COMPILE_SUBJECT,
    reportSubject: env.JUDGE_REPORT_SUBJECT,
    languages: env.JUDGE_LANGUAGES
      ? env.JUDGE_LANGUAGES.split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '')
      : null,
    retryBackoff: Object.freeze({ baseMs: env.JUDGE_RETRY_BASE_MS, maxMs: env.JUDGE_RETRY_MAX_MS }),
    logLevel: env.LOG_LEVEL,
  });
}
