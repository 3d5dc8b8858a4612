import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@oj/platform';
import { startEmbeddedPostgres } from '@oj/platform/testing';
import { spawnChild } from '../../scripts/stack/child-process';
import { memoryStackLog } from '../../scripts/stack/stack-log';

/**
 * A stop that reaches the projector while it is still starting (a Ctrl-C right after `npm start`, a supervisor
 * stopping a child it just restarted) ends it as any stop does. It used to be lost: the abort event fired before
 * the process listened for it, and the projector ran on until its supervisor killed it 10 s later. The projector is
 * held inside its start by kysely's migration lock, which this test takes first.
 */
const stacksDir = path.resolve(import.meta.dirname, '../../.tmp/projector-stop');
/** kysely's PostgreSQL migration lock (PostgresAdapter's LOCK_ID), taken by migrateDatabase before it migrates. */
const migrationLockId = '3853314791062309107';
let dataDir: string;
let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>>;

beforeAll(async () => {
  await mkdir(stacksDir, { recursive: true });
  dataDir = await mkdtemp(path.join(stacksDir, 'stack-'));
  await chmod(dataDir, 0o755);
  postgres = await startEmbeddedPostgres(dataDir, await findFreePort());
});
afterAll(async () => {
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function untilWaitingForLock(client: pg.Client, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the projector never waited for the migration lock');
}

describe('the projector process (issue 14: shutdown)', () => {
  it('stops at once when told to while it is still starting', async () => {
    const holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    const log = memoryStackLog();
    try {
      // Given a projector held in its start (its signal handlers are installed: it is past its imports)
      await holder.query(`SELECT pg_advisory_lock(${migrationLockId})`);
      const projector = await spawnChild(
        {
          name: 'projector',
          entry: 'services/projector/src/main.ts',
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: postgres.url, LOG_LEVEL: 'info' },
        },
        log,
      );
      await untilWaitingForLock(holder, Date.now() + 30_000);

      // When it is told to stop there, and then let go on
      const stopped = projector.stop(10_000);
      await holder.query(`SELECT pg_advisory_unlock(${migrationLockId})`);

      // Then it finishes starting and exits cleanly, without waiting for the kill after the grace period
      expect(await stopped, log.lines.join('\n')).toBe(0);
      expect(log.lines.join('\n')).not.toMatch(/did not stop within/);
      expect(log.lines.join('\n')).toMatch(/projector stopped/);
    } finally {
      await holder.end();
    }
  }, 60_000);
});
