import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@oj/platform';
import { findNatsServer, startEmbeddedPostgres, startNatsServer } from '@oj/platform/testing';
import { loadStackConfig } from '../../scripts/stack/config';
import { startInfrastructure } from '../../scripts/stack/infrastructure';
import { memoryStackLog } from '../../scripts/stack/stack-log';

/**
 * The launcher's own infrastructure under crashes (issue 14 item 1): what a launcher killed with SIGKILL leaves
 * running is stopped by the next start, and a stop never waits on a dependency that already died. These start
 * their own PostgreSQL and nats-server under a temporary DATA_DIR, never the run's shared ones.
 */
const stacksDir = path.resolve(import.meta.dirname, '../../.tmp/supervision');
let dataDir: string;

beforeAll(async () => {
  await mkdir(stacksDir, { recursive: true });
  dataDir = await mkdtemp(path.join(stacksDir, 'stack-'));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const gone = (exited: Promise<void>, withinMs: number) =>
  Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), withinMs)),
  ]);

describe('supervision of the infrastructure (issue 14)', () => {
  it('issue 14: stops a PostgreSQL and a nats-server that a crashed launcher left running, then starts', async () => {
    // What a launcher killed with SIGKILL leaves behind: its servers, running, with nobody watching them.
    const stalePostgres = await startEmbeddedPostgres(dataDir, await findFreePort());
    const staleNats = findNatsServer() ? await startNatsServer(dataDir, await findFreePort()) : undefined;
    const log = memoryStackLog();
    const infrastructure = await startInfrastructure(loadStackConfig({ DATA_DIR: dataDir }), log);
    try {
      expect(await gone(stalePostgres.exited, 1000), log.lines.join('\n')).toBe(true);
      if (staleNats) expect(await gone(staleNats.exited, 1000), log.lines.join('\n')).toBe(true);
      expect(await answers(infrastructure.databaseUrl)).toBe(true);
      expect(log.lines.join('\n')).toMatch(/from an earlier run still uses .*stopping it \(fast\)/);
    } finally {
      await infrastructure.stop();
    }
  });

  it('issue 14: a nats-server that cannot start stops the PostgreSQL started beside it, and the start fails', async () => {
    // Given a DATA_DIR whose nats store is a file: nats fails while PostgreSQL starts at the same time
    const ownDataDir = await mkdtemp(path.join(stacksDir, 'stack-'));
    await chmod(ownDataDir, 0o755);
    await writeFile(path.join(ownDataDir, 'nats'), 'not a directory');
    try {
      const log = memoryStackLog();

      await expect(startInfrastructure(loadStackConfig({ DATA_DIR: ownDataDir }), log)).rejects.toThrow();

      // Then the PostgreSQL that did start was stopped (a running postmaster keeps its pid file)
      expect(log.lines.join('\n')).toMatch(/stopping embedded PostgreSQL/);
      expect(existsSync(path.join(ownDataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      await rm(ownDataDir, { recursive: true, force: true });
    }
  });

  it('issue 14: removes a postmaster.pid naming a live process that is not a postgres (a reused pid)', async () => {
    // pid 1 is alive and is never a postgres of ours: PostgreSQL itself would refuse to start over this file.
    await writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), '1\n/elsewhere\n');
    const log = memoryStackLog();
    const infrastructure = await startInfrastructure(loadStackConfig({ DATA_DIR: dataDir }), log);
    try {
      expect(await answers(infrastructure.databaseUrl)).toBe(true);
      expect(log.lines.join('\n')).toMatch(/removing a stale .*postmaster\.pid/);
    } finally {
      await infrastructure.stop();
    }
  });

  it('issue 14: restarts a killed PostgreSQL on the same URL, and stops at once when nats-server and PostgreSQL are dead', async () => {
    const log = memoryStackLog();
    const infrastructure = await startInfrastructure(loadStackConfig({ DATA_DIR: dataDir }), log);
    const postgres = infrastructure.components.find((component) => component.name === 'postgres');
    const nats = infrastructure.components.find((component) => component.name === 'nats');
    if (!postgres) throw new Error('no supervised postgres');
    const restarted = postgres.nextStart();
    process.kill(postgres.pid, 'SIGKILL');
    await restarted;
    expect(await answers(infrastructure.databaseUrl)).toBe(true);
    expect(postgres.restarts).toBe(1);

    const pids = [postgres.pid, ...(nats ? [nats.pid] : [])];
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    const started = Date.now();
    await infrastructure.stop();
    // Before: the stop of a dead nats-server waited forever (the launcher's 20 s step bound cut it short).
    expect(Date.now() - started, log.lines.join('\n')).toBeLessThan(5000);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(postgres.state).toBe('stopped');
  });
});
