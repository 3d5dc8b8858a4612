/**
 * Review F12 and F20 against a stack that starts its own PostgreSQL and nats-server, as `npm start` does
 * (tests/support/stack.ts shares the run's servers instead, so it cannot show these).
 */
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventStore } from '@oj/events';
import { loadEmbeddedPostgres } from '@oj/platform/testing';
import { findFreePort, migrateDatabase, natsConnectionOptions } from '@oj/platform';
import { loadStackConfig } from '../../scripts/stack/config';
import { startStack, type RunningStack } from '../../scripts/stack/stack';
import { memoryStackLog } from '../../scripts/stack/stack-log';

const stacksDir = path.resolve(import.meta.dirname, '../../.tmp/stacks');
const jwtSecret = 'a-jwt-secret-the-children-must-never-see-0123456789';

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const legacyUrl = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  url.username = 'postgres';
  url.password = 'postgres';
  url.pathname = '/postgres';
  return url.toString();
};

/** A DATA_DIR of its own (the sandbox uids and `postgres` traverse it, platform.md §1.2). */
async function freshDataDir(prefix: string): Promise<string> {
  await mkdir(stacksDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(stacksDir, prefix));
  await chmod(dataDir, 0o755);
  return dataDir;
}

async function startOwnStack(dataDir: string, judgeWorkers: number): Promise<RunningStack> {
  const log = memoryStackLog();
  const env = {
    PORT: '0',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    ROOT_PASSWORD: 'root-trust-password',
    JUDGE_WORKERS: String(judgeWorkers),
    DEMO: '0',
    LOG_LEVEL: 'warn',
  };
  try {
    // The secrets are in the launcher's own environment too, as with `npm start` reading .env.
    return await startStack(loadStackConfig(env), { log, childEnv: env });
  } catch (error) {
    throw new Error(`the stack did not start: ${String(error)}\n${log.lines.join('\n')}`, { cause: error });
  }
}

function environmentOf(pid: number): Promise<Record<string, string>> {
  return readFile(`/proc/${pid}/environ`, 'utf8').then((text) =>
    Object.fromEntries(
      text
        .split('\0')
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    ),
  );
}

describe('a stack with its own PostgreSQL and nats-server', () => {
  let dataDir: string;
  let stack: RunningStack;
  beforeAll(async () => {
    dataDir = await freshDataDir('trust-');
    stack = await startOwnStack(dataDir, 1);
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('F12: the services connect as a role that is not a superuser, and postgres/postgres is refused', async () => {
    expect(new URL(stack.databaseUrl).username).toBe('oj_service');
    const role = await query(
      stack.databaseUrl,
      'select rolsuper, rolcreaterole, rolcreatedb from pg_roles where rolname = current_user',
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
    await expect(query(stack.databaseUrl, "copy (select 1) to program 'true'")).rejects.toMatchObject({
      code: '42501',
    });
    expect((await query(stack.databaseUrl, 'show fsync')).rows).toEqual([{ fsync: 'on' }]);
    await expect(query(legacyUrl(stack.databaseUrl), 'select 1')).rejects.toMatchObject({ code: '28P01' });
  });

  it('F12: the projector and the judge get no JWT_SECRET, root password or superuser login', async () => {
    const names = stack.children.map((child) => child.name);
    expect(names).toEqual(expect.arrayContaining(['projector', 'judge-1']));
    for (const child of stack.children) {
      const environment = await environmentOf(child.pid);
      expect(environment.JWT_SECRET, child.name).toBeUndefined();
      expect(environment.ROOT_PASSWORD, child.name).toBeUndefined();
      expect(JSON.stringify(environment), child.name).not.toContain(jwtSecret);
      expect(new URL(environment.DATABASE_URL ?? '').username, child.name).toBe('oj_service');
    }
  });

  it('F12: nats-server refuses a client without the token, and the judge worker connected with it', async () => {
    const { servers } = natsConnectionOptions(stack.natsUrl);
    await expect(connect({ servers, reconnect: false, timeout: 2000 })).rejects.toThrow(/auth/i);
    const nats = await connect({ ...natsConnectionOptions(stack.natsUrl), reconnect: false });
    try {
      const streams = await jetstreamManager(nats);
      // The worker makes its queue stream once it is connected.
      await vi.waitFor(async () => expect((await streams.streams.info('JUDGE')).config.name).toBe('JUDGE'), {
        timeout: 30_000,
        interval: 200,
      });
    } finally {
      await nats.close();
    }
  });

  it("F20: pages and API replies carry a CSP with frame-ancestors 'none'", async () => {
    for (const pathname of ['/', '/problem/1', '/api/get-website-config']) {
      const reply = await fetch(new URL(pathname, stack.baseUrl));
      const policy = reply.headers.get('content-security-policy') ?? '';
      expect(policy, pathname).toContain("frame-ancestors 'none'");
      expect(policy, pathname).toContain("script-src 'self'");
      expect(policy, pathname).not.toContain('unsafe-eval');
      expect(reply.headers.get('x-frame-options'), pathname).toBe('DENY');
      await reply.arrayBuffer();
    }
  });
});

describe('a DATA_DIR from before F12', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('F12: still starts, now as the service role, and the old superuser login stops working', async () => {
    // Given a cluster as older versions left it: postgres/postgres, the app database and its tables owned by postgres
    dataDir = await freshDataDir('legacy-');
    const port = await findFreePort();
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const old = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: () => undefined,
    });
    await old.initialise();
    await old.start();
    try {
      await old.createDatabase('oj');
      const oldUrl = `postgres://postgres:postgres@127.0.0.1:${port}/oj`;
      await migrateDatabase(oldUrl);
      const store = await createEventStore({ databaseUrl: oldUrl, eventStoreUrl: undefined });
      await store.close();
    } finally {
      await old.stop();
    }

    // When this version starts on it
    const stack = await startOwnStack(dataDir, 0);
    try {
      // Then the services run as the service role, which now owns what postgres made, and can use it
      expect(new URL(stack.databaseUrl).username).toBe('oj_service');
      const foreign = await query(
        stack.databaseUrl,
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'event_store') and c.relkind in ('r', 'S', 'v')
           and pg_get_userbyid(c.relowner) <> 'oj_service'`,
      );
      expect(foreign.rows).toEqual([]);
      const config = await fetch(new URL('/api/get-website-config', stack.baseUrl));
      expect(config.status).toBe(200);
      await config.arrayBuffer();
      await expect(query(legacyUrl(stack.databaseUrl), 'select 1')).rejects.toMatchObject({ code: '28P01' });
    } finally {
      await stack.stop();
    }
  });
});
