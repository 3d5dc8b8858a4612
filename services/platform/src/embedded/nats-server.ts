import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { readOrCreateSecret, secretsDirectory } from './secret-file';

export interface RunningNats {
  /** nats://<token>@127.0.0.1:<port>: connect with natsConnectionOptions(url). */
  readonly url: string;
  stop(): Promise<void>;
}

const candidates = ['/usr/sbin/nats-server', '/usr/bin/nats-server'];

export function findNatsServer(): string | undefined {
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * Starts Debian's nats-server (2.9) with JetStream, storing under `dataDir`. Clients must present the token
 * generated once into DATA_DIR/secrets/nats-token (review F12: otherwise any local user could purge or inject
 * judge tasks). The token reaches nats-server through a 0600 config file, not its command line, which every
 * local user can read in /proc.
 */
export async function startNatsServer(dataDir: string, port: number): Promise<RunningNats> {
  const binary = findNatsServer();
  if (!binary) throw new Error('nats-server is not installed (Debian package nats-server)');
  const storeDir = path.resolve(dataDir, 'nats');
  await mkdir(storeDir, { recursive: true });
  const { value: token } = await readOrCreateSecret(dataDir, 'nats-token');
  const configFile = path.join(secretsDirectory(dataDir), 'nats-server.conf');
  await writeFile(configFile, `authorization {\n  token: ${JSON.stringify(token)}\n}\n`, { mode: 0o600 });
  await chmod(configFile, 0o600);
  const argv = ['-c', configFile, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
  const child: ChildProcess = spawn(binary, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitForPort(port, child, () => stderr);
  return {
    url: `nats://${token}@127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nats-server exited: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nats-server did not open port ${port}: ${output()}`);
}
