import { fork } from 'node:child_process';
import path from 'node:path';

export interface WebsocketCrowd {
  readonly count: number;
  close(): Promise<void>;
}

const crowdProcess = path.join(import.meta.dirname, 'websocket-crowd.process.ts');
const openTimeoutMs = 120_000;

/** Opens one socket per token to `wsUrl` from a child process; resolves once every subscription is acknowledged. */
export async function openWebsocketCrowd(order: {
  readonly wsUrl: string;
  readonly tokens: readonly string[];
  readonly userIds: readonly string[];
  readonly topics: readonly string[];
  readonly socketsPerAddress: number;
}): Promise<WebsocketCrowd> {
  const child = fork(crowdProcess, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const opened = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the websocket crowd did not open in time')), openTimeoutMs);
    child.once('message', (message: { type: string; count?: number; reason?: string }) => {
      clearTimeout(timer);
      if (message.type === 'open') resolve(message.count ?? 0);
      else reject(new Error(`the websocket crowd failed: ${message.reason ?? 'unknown'}`));
    });
    child.once('exit', (code) => reject(new Error(`the websocket crowd exited with ${code}`)));
  });
  child.send(order);
  try {
    const count = await opened;
    return {
      count,
      close: async () => {
        child.send({ type: 'close' });
        await exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}
