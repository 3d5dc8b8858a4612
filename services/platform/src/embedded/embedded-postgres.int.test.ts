import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres, startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';
import { findFreePort } from './free-port';

const scratchRoot = path.resolve(import.meta.dirname, '../../../../.tmp');

/** Connects, runs `sql`, and disconnects; rejects when the login is refused. */
async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const legacyUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

describe('startEmbeddedPostgres', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(scratchRoot, 'embedded-pg-'));
    // As root, Postgres runs as the `postgres` user, which must traverse to its data directory.
    await chmod(scratch, 0o755);
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('F12: a new cluster refuses postgres/postgres, keeps its generated password 0600 and fsync on', async () => {
    // Given a fresh DATA_DIR
    const dataDir = path.join(scratch, 'fresh');
    const port = await findFreePort();
    // When the embedded Postgres starts there
    const running = await startEmbeddedPostgres(dataDir, port);
    try {
      // Then the old well-known login is refused, the generated one works, and writes are crash-safe
      await expect(query(legacyUrl(port), 'select 1')).rejects.toMatchObject({ code: '28P01' });
      expect((await query(running.url, 'show fsync')).rows[0]).toEqual({ fsync: 'on' });
      const secret = await stat(path.join(dataDir, 'secrets', 'postgres-password'));
      expect(secret.mode & 0o777).toBe(0o600);
      expect((await stat(path.join(dataDir, 'secrets'))).mode & 0o777).toBe(0o700);
      expect(new URL(running.url).password).not.toBe('postgres');
    } finally {
      await running.stop();
    }
  });

  it('F12: a DATA_DIR made before F12 (postgres/postgres) still starts, and the old login stops working', async () => {
    // Given a cluster initialised the old way, with the superuser's password "postgres" and no secrets dir
    const dataDir = path.join(scratch, 'legacy');
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const old = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      port: await findFreePort(),
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: () => undefined,
    });
    await old.initialise();
    // When this version starts it
    const port = await findFreePort();
    let running: RunningPostgres | undefined = await startEmbeddedPostgres(dataDir, port);
    try {
      // Then the generated password works and postgres/postgres does not, on this start and the next
      await expect(query(legacyUrl(port), 'select 1')).rejects.toMatchObject({ code: '28P01' });
      expect((await query(running.url, 'select 1 as one')).rows).toEqual([{ one: 1 }]);
      await running.stop();
      running = undefined;
      running = await startEmbeddedPostgres(dataDir, port);
      expect((await query(running.url, 'select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await running?.stop();
    }
  });
});
