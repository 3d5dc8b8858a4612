import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StackConfig } from './config';
import { isAlive, startInfrastructure } from './infrastructure';
import type { StackLog } from './stack-log';

export interface ToolDatabase {
  readonly databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * The database an operator tool (backup, restore) works on: DATABASE_URL when set, else the embedded
 * PostgreSQL of DATA_DIR, started for the tool alone. That one must not be in use: starting it would stop the
 * running `npm start`'s PostgreSQL (infrastructure.ts stops a live one it finds), so the tool refuses instead.
 */
export async function openToolDatabase(config: StackConfig, log: StackLog): Promise<ToolDatabase> {
  if (config.databaseUrl !== undefined) return { databaseUrl: config.databaseUrl, stop: async () => undefined };
  const lockFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
  const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).split('\n', 1)[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(
      `PostgreSQL (pid ${pid}) is running on ${config.dataDir}: stop npm start first, or set DATABASE_URL`,
    );
  }
  await (await import('@oj/platform/testing')).loadEmbeddedPostgres();
  // No NATS: an empty URL tells startInfrastructure not to start one.
  const infrastructure = await startInfrastructure({ ...config, natsUrl: '' }, log);
  return { databaseUrl: infrastructure.databaseUrl, stop: () => infrastructure.stop() };
}
