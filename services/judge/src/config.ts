import { availableParallelism, hostname } from 'node:os';
import path, { resolve } from 'node:path';
import { z } from 'zod';
import {
  defaultJudgeReportSubject,
  parseEnvironment,
  workerHealthAddress,
  workerHealthEnvironment,
} from '@oj/platform';
import { defaultJudgeQueueSettings, type JudgeQueueSettings } from './queue/judge-queue';

const judgeEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./.data'),
  PATH: z.string().default('/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'),
  JUDGE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** 'auto' picks bubblewrap (pooled unless JUDGE_SANDBOX_POOLED=false); nsjail only when named here (issue 10, F16). */
  JUDGE_SANDBOX: z.enum(['auto', 'bubblewrap', 'nsjail']).default('auto'),
  /**
   * When 'auto' picks bubblewrap, the pooled backend (one long-lived bwrap per slot with a supervisor
   * inside; default since it passed the hostile suite, the language self-tests and the golden problems,
   * docs/judging.md); false goes back to a bwrap per run (with warm starts).
   */
  JUDGE_SANDBOX_POOLED: z.enum(['true', 'false']).default('true'),
  /** First host uid the sandbox runs programs as; one uid per concurrent slot, no passwd entry needed. */
  JUDGE_SANDBOX_UID_BASE: z.coerce.number().int().min(1000).max(4_000_000_000).default(60100),
  /** How many uids from the base this machine's judges share (each judge process claims what it needs). */
  JUDGE_SANDBOX_UID_COUNT: z.coerce.number().int().min(1).max(4096).default(64),
  /** Start each sandbox slot's next bwrap ahead of time, blocked until its run arrives. */
  JUDGE_SANDBOX_WARM: z.enum(['true', 'false']).default('true'),
  /** Pin each sandbox slot's programs to one CPU (docs/judging.md "Timing stability" says when it helps). */
  JUDGE_SANDBOX_PIN_CPUS: z.enum(['true', 'false']).default('false'),
  /** Prefix of the cgroup names and of the uid claim sockets. */
  JUDGE_CGROUP_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default('oj-judge'),
});

export interface JudgeConfig {
  readonly sandboxBackend: 'auto' | 'bubblewrap' | 'nsjail';
  /** Concurrent sandbox runs (slots) in this process; also the worker's in-flight cap. */
  readonly sandboxSlots: number;
  readonly sandboxWarmStarts: boolean;
  readonly sandboxPooled: boolean;
  readonly sandboxPinCpus: boolean;
  readonly sandboxUidBase: number;
  readonly sandboxUidCount: number;
  readonly cgroupPrefix: string;
  /** Work dirs for compiles and runs: DATA_DIR/judge (made traversable by the sandbox uids). */
  readonly workRoot: string;
  /** Where host tools (bwrap, nsjail, setpriv, prlimit) are looked up. */
  readonly hostPath: readonly string[];
}

export function loadJudgeConfig(env: NodeJS.ProcessEnv = process.env): JudgeConfig {
  const parsed = judgeEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid judge configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    sandboxBackend: e.JUDGE_SANDBOX,
    sandboxSlots: e.JUDGE_WORKERS ?? availableParallelism(),
    sandboxWarmStarts: e.JUDGE_SANDBOX_WARM === 'true',
    sandboxPooled: e.JUDGE_SANDBOX_POOLED === 'true',
    sandboxPinCpus: e.JUDGE_SANDBOX_PIN_CPUS === 'true',
    sandboxUidBase: e.JUDGE_SANDBOX_UID_BASE,
    sandboxUidCount: e.JUDGE_SANDBOX_UID_COUNT,
    cgroupPrefix: e.JUDGE_CGROUP_PREFIX,
    workRoot: resolve(e.DATA_DIR, 'judge'),
    hostPath: Object.freeze(e.PATH.split(':').filter((dir) => dir !== '')),
  });
}

/*
 * The queue side of the same process (NATS, the event store, languages). A separate loader because the sandbox's
 * settings are also read alone (the sandbox and judging tests need no database).
 */
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
  /** The judge queue stream's copies across a NATS cluster (docs/architecture.md, more than one machine). */
  JUDGE_QUEUE_REPLICAS: z.coerce.number().int().min(1).max(5).default(defaultJudgeQueueSettings.replicas),
  JUDGE_ACK_WAIT_MS: positiveMs.default(defaultJudgeQueueSettings.ackWaitMs),
  /** Deliveries that may judge an attempt before it ends as SE (the queue adds a few that only record SE). */
  JUDGE_JUDGING_DELIVERIES: z.coerce.number().int().min(1).max(20).default(defaultJudgeQueueSettings.judgingDeliveries),
  JUDGE_RETRY_BASE_MS: positiveMs.default(1_000),
  JUDGE_RETRY_MAX_MS: positiveMs.default(60_000),
  LOG_LEVEL: z.string().default('info'),
  ...workerHealthEnvironment,
});

/** The variables a judge process reads (sandbox and queue), for deploy files that must name only these. */
export const judgeEnvironmentKeys: readonly string[] = [
  ...new Set([...Object.keys(judgeEnvSchema.shape), ...Object.keys(workerEnvSchema.shape)]),
];

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
  /** Where /health and /ready are served (HEALTH_PORT); null for nowhere. */
  readonly health: { readonly host: string; readonly port: number } | null;
}

/** The queue side of the judge process; the sandbox's settings (and JUDGE_WORKERS, the slots) are loadJudgeConfig's. */
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
      replicas: env.JUDGE_QUEUE_REPLICAS,
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
    health: workerHealthAddress(env),
  });
}
