import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';
import { findFreePort } from './free-port';

const scratchRoot = path.resolve(import.meta.dirname, '../../../../.tmp');
const runningAsRoot = process.getuid?.() === 0;
const nobody = 65534;

/** The address the server sees this connection on: null over a Unix socket. */
async function serverAddressOf(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ address: string | null }>('select host(inet_server_addr()) as address');
    return result.rows[0]?.address ?? null;
  } finally {
    await client.end();
  }
}

/** The same server over TCP: the URL without its socket directory. */
function overTcp(url: string): string {
  const tcp = new URL(url);
  tcp.searchParams.delete('host');
  return tcp.toString();
}

/** What connecting to `socketPath` as the `nobody` user gives: the error's code, or `connected`. */
function connectAsNobody(socketPath: string): string {
  const probe = `require('node:net').connect(${JSON.stringify(socketPath)})
    .on('connect', () => { console.log('connected'); process.exit(0); })
    .on('error', (error) => { console.log(error.code); process.exit(0); });`;
  const result = spawnSync(process.execPath, ['-e', probe], { uid: nobody, gid: nobody, cwd: '/', encoding: 'utf8' });
  return result.stdout.trim() || result.stderr.trim();
}

describe('the embedded PostgreSQL’s Unix socket', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(scratchRoot, 'embedded-pg-socket-'));
    // As root, Postgres runs as the `postgres` user, which must traverse to its data directory.
    await chmod(scratch, 0o755);
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('is where clients connect: in DATA_DIR, closed to other users, and nothing in /tmp', async () => {
    // Given a DATA_DIR with a short path
    const dataDir = path.join(scratch, 'short');
    const port = await findFreePort();
    // When the embedded Postgres starts there
    const running = await startEmbeddedPostgres(dataDir, port);
    try {
      // Then its URL names the socket's directory in DATA_DIR, and a connection by that URL uses the socket
      const socketDir = path.join(dataDir, 'postgres-socket');
      expect(new URL(running.url).searchParams.get('host')).toBe(socketDir);
      expect(await serverAddressOf(running.url)).toBeNull();
      expect(await serverAddressOf(overTcp(running.url))).toBe('127.0.0.1');
      expect((await stat(socketDir)).mode & 0o777).toBe(0o700);
      expect(existsSync(path.join(socketDir, `.s.PGSQL.${port}`))).toBe(true);
      expect(existsSync(`/tmp/.s.PGSQL.${port}`)).toBe(false);
      // And a user other than the cluster's cannot even open the socket
      if (runningAsRoot) expect(connectAsNobody(path.join(socketDir, `.s.PGSQL.${port}`))).toBe('EACCES');
    } finally {
      await running.stop();
    }
  });

  it('is left out when its path would be too long for a socket: clients keep TCP', async () => {
    // Given a DATA_DIR whose socket path would pass sun_path's 107 bytes
    const dataDir = path.join(scratch, 'd'.repeat(Math.max(1, 110 - scratch.length)));
    const port = await findFreePort();
    // When the embedded Postgres starts there
    const running = await startEmbeddedPostgres(dataDir, port);
    try {
      // Then it serves over TCP only, with no socket anywhere
      expect(new URL(running.url).searchParams.has('host')).toBe(false);
      expect(await serverAddressOf(running.url)).toBe('127.0.0.1');
      expect(existsSync(path.join(dataDir, 'postgres-socket'))).toBe(false);
      expect(existsSync(`/tmp/.s.PGSQL.${port}`)).toBe(false);
    } finally {
      await running.stop();
    }
  });
});
