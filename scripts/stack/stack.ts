import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { migrateDatabase } from '@oj/platform';
import { buildApiServer } from './api-server';
import { spawnChild, type RunningChild } from './child-process';
import type { StackConfig } from './config';
import { startInfrastructure, type Infrastructure } from './infrastructure';
import { resolveJwtSecret } from './secrets';
import type { StackLog } from './stack-log';
import { workerProcesses } from './worker-processes';

export interface StackOptions {
  readonly log: StackLog;
  /** The built web app; defaults to web/dist. */
  readonly webDistDir?: string;
  /** Extra environment for the child processes (tests pass queue names here); resolved stack settings win. */
  readonly childEnv?: Readonly<Record<string, string>>;
}

export interface RunningStack {
  /** e.g. http://127.0.0.1:8080, without a trailing slash. */
  readonly baseUrl: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly server: FastifyInstance;
  readonly children: readonly RunningChild[];
  /** Rejects when a child process exits on its own: nothing is restarted silently. */
  readonly failed: Promise<never>;
  /** HTTP server, then workers, then nats, then Postgres; safe to call twice. */
  stop(): Promise<void>;
}

/** The composition root shared by `npm start` (main.ts) and the e2e/browser harness (tests/support/stack.ts). */
export async function startStack(config: StackConfig, options: StackOptions): Promise<RunningStack> {
  const { log } = options;
  await mkdir(config.dataDir, { recursive: true });
  const infrastructure = await startInfrastructure(config, log);
  const stops: (() => Promise<void>)[] = [() => infrastructure.stop()];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    return await startServices(config, options, infrastructure, stops, stopAll);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startServices(
  config: StackConfig,
  options: StackOptions,
  infrastructure: Infrastructure,
  stops: (() => Promise<void>)[],
  stopAll: () => Promise<void>,
): Promise<RunningStack> {
  const { log } = options;
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const applied = await migrateDatabase(infrastructure.databaseUrl);
  log.info('migrations', applied.length === 0 ? 'read models up to date' : `applied ${applied.join(', ')}`);

  const childEnv: Record<string, string> = {
    ...definedOnly(process.env),
    ...options.childEnv,
    ...environmentFor(config, infrastructure, jwtSecret),
  };
  const children: RunningChild[] = [];
  stops.push(async () => {
    await Promise.all(children.map((child) => child.stop()));
  });
  for (const spec of workerProcesses(config, childEnv, log)) {
    children.push(spawnChild(spec, log));
    log.info(spec.name, `started ${spec.entry}`);
  }

  const api = await buildApiServer({
    config,
    databaseUrl: infrastructure.databaseUrl,
    natsUrl: infrastructure.natsUrl,
    jwtSecret,
    log,
    ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
  });
  stops.push(api.close);
  await api.server.listen({ host: config.host, port: config.port });
  const address = api.server.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const baseUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stopAll());
  return {
    baseUrl,
    port,
    dataDir: config.dataDir,
    databaseUrl: infrastructure.databaseUrl,
    natsUrl: infrastructure.natsUrl,
    server: api.server,
    children,
    failed: watchChildren(children, () => stopping !== undefined),
    stop,
  };
}

/** The variables every service process reads in its config.ts (DESIGN.md "Configuration"), resolved. */
function environmentFor(
  config: StackConfig,
  infrastructure: Infrastructure,
  jwtSecret: string,
): Record<string, string> {
  return definedOnly({
    DATA_DIR: config.dataDir,
    DATABASE_URL: infrastructure.databaseUrl,
    EVENTSTORE_URL: config.eventStoreUrl,
    NATS_URL: infrastructure.natsUrl || undefined,
    JWT_SECRET: jwtSecret,
    SMTP_URL: config.smtpUrl,
    LOG_LEVEL: config.logLevel,
  });
}

function watchChildren(children: readonly RunningChild[], isStopping: () => boolean): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    for (const child of children) {
      void child.exited.then((code) => {
        if (!isStopping()) reject(new Error(`${child.name} (pid ${child.pid}) exited with code ${code}`));
      });
    }
  });
  // Callers that never look at `failed` must not crash the process with an unhandled rejection.
  failed.catch(() => undefined);
  return failed;
}

function definedOnly(source: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) if (value !== undefined) result[key] = value;
  return result;
}
