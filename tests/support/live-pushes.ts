/**
 * The stack's live channel (/api/ws) as journeys use it: subscribe to a topic and re-read over the API on every
 * push until the reading settles — a wait on a condition, never a sleep.
 *
 *   const pushes = await openLivePushes(stack);
 *   const status = await pushes.readUntil(`submission:${id}`, readStatus, (status) => status !== 5);
 */
import type { TestStack } from './stack';

interface MinimalSocket {
  on(event: 'open' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  send(text: string): void;
  close(): void;
}

export interface LivePushes {
  /**
   * Subscribes to `topic`, then reads until `settled` holds, reading again after each push. Pushes follow who
   * listens (a live board's reach only those it is not sealed for), so `token` signs the socket in first.
   */
  readUntil<Reading>(
    topic: string,
    read: () => Promise<Reading>,
    settled: (reading: Reading) => boolean,
    token?: string,
  ): Promise<Reading>;
  close(): void;
}

export async function openLivePushes(stack: TestStack): Promise<LivePushes> {
  // `ws` ships without types; MinimalSocket is the slice used here.
  const moduleName = 'ws';
  const { WebSocket } = (await import(moduleName)) as { WebSocket: new (url: string) => MinimalSocket };
  const socket = new WebSocket(`${stack.baseUrl.replace('http', 'ws')}/api/ws`);
  await new Promise<void>((resolve) => socket.on('open', resolve));
  const waiting: (() => void)[] = [];
  socket.on('message', () => waiting.splice(0).forEach((wake) => wake()));
  return {
    async readUntil(topic, read, settled, token) {
      if (token) socket.send(JSON.stringify({ type: 'authenticate', token }));
      socket.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
      for (;;) {
        // Listen before reading, so a push that lands during the read is not missed.
        const pushed = new Promise<void>((resolve) => waiting.push(resolve));
        const reading = await read();
        if (settled(reading)) return reading;
        await pushed;
      }
    },
    close: () => socket.close(),
  };
}
