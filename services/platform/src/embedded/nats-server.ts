import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface RunningNats {
  readonly url: string;
  stop(): Promise<void>;
}

const candidates = ['/usr/sbin/nats-server', '/usr/bin/nats-server'];

export function findNatsServer(): string | undefined {
  return candidates.find((candidate) => existsSync(candidate));
}

/** Starts Debian's nats-server (2.9) with JetStream, storing under `dataDir`. */
export async function startNatsServer(dataDir: string, port: number): Promise<RunningNats> {
  const binary = findNatsServer();
  if (!binary) throw new Error('nats-server is not installed (Debian package nats-server)');
  const storeDir = path.resolve(dataDir, 'nats');
  await mkdir(storeDir, { recursive: true });
  const child: ChildProcess = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitForPort(port, child, () => stderr);
  return {
    url: `nats://127.0.0.1:${port}`,
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
