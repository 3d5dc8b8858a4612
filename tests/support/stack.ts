/**
 * The whole stack for e2e and browser tests, built by the same composition root as `npm start`
 * (scripts/stack/stack.ts), so tests exercise what users run.
 *
 *   const stack = await startTestStack();          // in beforeAll; hookTimeout covers the ~2-5 s start
 *   const reply = await stack.request('/api/get-website-config');
 *   reply.httpStatus; reply.body.status; reply.body.data; reply.headers.get('authorization')
 *   await stack.stop();                             // in afterAll: HTTP server, workers, nats, then drops the database
 *
 * What it starts: a fresh database on the run's PostgreSQL (inject('databaseUrl') + createTestDatabase), the
 * migrations, the Fastify server (command + query APIs under /api, web/dist at / with the SPA fallback) on a
 * free port of 127.0.0.1, the projector process and `judgeWorkers` judge worker processes (default 1; pass 0
 * when a journey never judges), all with a temporary DATA_DIR under .tmp/stacks/. Judging goes through the
 * run's nats-server (inject('natsUrl')) on a JetStream stream, subject and consumer named for this stack, so
 * stacks never judge each other's submissions; when the run has no nats-server, the stack starts its own.
 *
 * Fields: baseUrl (http://127.0.0.1:<port>), dataDir, outboxDir (mails when SMTP_URL is unset: one file per
 * mail), databaseUrl (this stack's own database), natsUrl, rootPassword (the super admin `root`), logs (the
 * last lines of every process, also printed when start-up fails), processes ({name, pid} of each child),
 * failed (rejects only if a supervised process cannot be restarted; anything that dies is restarted with backoff).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { createTestDatabase } from '@oj/events/testing';
import { loadStackConfig } from '../../scripts/stack/config';
import { startStack } from '../../scripts/stack/stack';
import { consoleStackLog, memoryStackLog, type StackLog } from '../../scripts/stack/stack-log';

export interface TestStackOptions {
  /** Judge worker processes; 0 starts none. Default 1. */
  readonly judgeWorkers?: number;
  /** More environment for the stack and its processes, e.g. { SMTP_URL: 'smtp://127.0.0.1:2525' }. */
  readonly env?: Readonly<Record<string, string>>;
  /** Print every log line as it happens (also on with OJ_STACK_LOG=1). */
  readonly verbose?: boolean;
}

export interface Envelope<Data> {
  readonly status: number;
  readonly msg: string;
  readonly data: Data;
}

export interface ApiReply<Data = unknown> {
  readonly httpStatus: number;
  readonly headers: Headers;
  /** The HOJ envelope; `request` throws when the reply is not JSON (use fetch for pages). */
  readonly body: Envelope<Data>;
}

export interface TestStack {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly outboxDir: string;
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly rootPassword: string;
  readonly logs: readonly string[];
  /** Every route of the API server (method and url, HEAD included), as Fastify registered them. */
  readonly routes: readonly { readonly method: string; readonly url: string }[];
  /** The child processes (projector, judge-1 …) and their pids. */
  readonly processes: readonly { readonly name: string; readonly pid: number }[];
  readonly failed: Promise<never>;
  /** fetch against the stack; `body` objects are sent as JSON, `token` as the raw Authorization header. */
  request<Data = unknown>(pathname: string, init?: RequestOptions): Promise<ApiReply<Data>>;
  stop(): Promise<void>;
}

export interface RequestOptions {
  readonly method?: string;
  readonly body?: unknown;
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const rootPassword = 'root-e2e-password';
const stacksDir = path.resolve(import.meta.dirname, '../../.tmp/stacks');

/** The languages the e2e and browser journeys submit in (and a few the demo problems list). */
const journeyLanguages = [
  'C',
  'C With O2',
  'C++',
  'C++ With O2',
  'C++ 17',
  'C++ 17 With O2',
  'C++ 20',
  'C++ 20 With O2',
  'Python3',
  'Java',
  'Golang',
  'JavaScript Node',
];

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const database = await createTestDatabase(inject('databaseUrl'));
  await mkdir(stacksDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(stacksDir, 'stack-'));
  // The judge's sandbox runs as an unprivileged uid that must traverse DATA_DIR (platform.md §1.2).
  await chmod(dataDir, 0o755);
  const memory = memoryStackLog();
  const log = options.verbose || process.env.OJ_STACK_LOG === '1' ? tee(memory, consoleStackLog()) : memory;
  const queueId = randomBytes(6).toString('hex');
  const env: Record<string, string> = {
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    NATS_URL: inject('natsUrl'),
    JUDGE_QUEUE_STREAM: `JUDGE_${queueId}`,
    JUDGE_QUEUE_SUBJECT: `judge.${queueId}.submissions`,
    JUDGE_QUEUE_CONSUMER: `judge-workers-${queueId}`,
    ROOT_PASSWORD: rootPassword,
    JUDGE_WORKERS: String(options.judgeWorkers ?? 1),
    // Every judge self-tests its languages at start (about 35 s of CPU for all of them, Kotlin and Scala most):
    // the journeys judge only these, so a stack's judge verifies only these unless a test asks for more.
    JUDGE_LANGUAGES: journeyLanguages.join(','),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const config = loadStackConfig(env);
  const cleanUp = async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let stack;
  try {
    stack = await startStack(config, { log, childEnv: env });
  } catch (error) {
    await cleanUp();
    throw new Error(`the test stack did not start: ${String(error)}\n${memory.lines.join('\n')}`, { cause: error });
  }
  const running = stack;
  return {
    baseUrl: running.baseUrl,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: database.url,
    natsUrl: running.natsUrl,
    rootPassword,
    logs: memory.lines,
    routes: running.routes,
    processes: running.children.map((child) => ({ name: child.name, pid: child.pid })),
    failed: running.failed,
    request: (pathname, init) => request(running.baseUrl, pathname, init),
    stop: async () => {
      await running.stop();
      await cleanUp();
    },
  };
}

async function request<Data>(baseUrl: string, pathname: string, init: RequestOptions = {}): Promise<ApiReply<Data>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.authorization = init.token;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(new URL(pathname, baseUrl), {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
    throw new Error(`${pathname} answered ${response.status} with ${response.headers.get('content-type')}: ${text}`);
  }
  return { httpStatus: response.status, headers: response.headers, body: JSON.parse(text) as Envelope<Data> };
}

function tee(...logs: StackLog[]): StackLog {
  return {
    info: (source, message) => logs.forEach((log) => log.info(source, message)),
    warn: (source, message) => logs.forEach((log) => log.warn(source, message)),
    error: (source, message) => logs.forEach((log) => log.error(source, message)),
    line: (source, text) => logs.forEach((log) => log.line(source, text)),
  };
}
