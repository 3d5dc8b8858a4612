import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort } from '@oj/platform';
import { findNatsServer } from '@oj/platform/testing';

/**
 * A three-node nats-server JetStream cluster on 127.0.0.1 for tests (the cluster of deploy/compose, on one
 * machine): each node has its own client and route ports, store_dir and server_name, and they share a token.
 */
export interface NatsCluster {
  /** Every node, comma-separated, with the token: what NATS_URL says on a cluster. */
  readonly url: string;
  readonly nodes: readonly NatsNode[];
  /** SIGKILLs every node still running and removes their storage. */
  stop(): Promise<void>;
}

export interface NatsNode {
  readonly name: string;
  readonly clientPort: number;
  readonly process: ChildProcess;
  kill(): Promise<void>;
}

export async function startNatsCluster(parentDir: string): Promise<NatsCluster> {
  const binary = findNatsServer();
  if (!binary) throw new Error('nats-server is not installed (Debian package nats-server)');
  await mkdir(parentDir, { recursive: true });
  const dir = await mkdtemp(path.join(parentDir, 'nats-cluster-'));
  const token = randomBytes(16).toString('hex');
  const names = ['n1', 'n2', 'n3'];
  const clientPorts = await Promise.all(names.map(() => findFreePort()));
  const routePorts = await Promise.all(names.map(() => findFreePort()));
  const routes = routePorts.map((port) => `nats-route://127.0.0.1:${port}`).join(', ');
  const nodes: NatsNode[] = [];
  for (const [index, name] of names.entries()) {
    const configFile = path.join(dir, `${name}.conf`);
    await writeFile(
      configFile,
      [
        `server_name: ${name}`,
        `listen: 127.0.0.1:${clientPorts[index]}`,
        `authorization { token: "${token}" }`,
        `jetstream { store_dir: "${path.join(dir, name)}" }`,
        `cluster { name: oj-test, listen: 127.0.0.1:${routePorts[index]}, routes: [${routes}] }`,
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    const child = spawn(binary, ['-c', configFile], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    nodes.push({
      name,
      clientPort: clientPorts[index] ?? 0,
      process: child,
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    });
  }
  const url = clientPorts
    .map((port, index) => (index === 0 ? `nats://${token}@127.0.0.1:${port}` : `nats://127.0.0.1:${port}`))
    .join(',');
  return {
    url,
    nodes,
    stop: async () => {
      await Promise.all(nodes.map((node) => node.kill()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
