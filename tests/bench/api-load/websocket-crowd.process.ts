/**
 * The child process of `openWebsocketCrowd`: opens `count` sockets to /api/ws as the web client does (present the
 * token, then subscribe to the contest, its board and the user's own topic), reports over IPC once every socket has
 * its subscription acknowledged, and closes them all when told. Running apart keeps the client ends' memory and
 * CPU out of the API process being measured.
 */
import WebSocket from 'ws';

interface CrowdOrder {
  readonly wsUrl: string;
  readonly tokens: readonly string[];
  readonly userIds: readonly string[];
  readonly topics: readonly string[];
  readonly socketsPerAddress: number;
}

const sockets: WebSocket[] = [];

function openOne(order: CrowdOrder, index: number): Promise<void> {
  // The server allows a few dozen sockets per address (F17): the crowd spreads over 127.0.0.2, 127.0.0.3 …
  const localAddress = `127.0.0.${2 + Math.floor(index / order.socketsPerAddress)}`;
  const socket = new WebSocket(order.wsUrl, { localAddress });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket ${index} closed with ${code}`)));
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'authenticate', token: order.tokens[index] }));
      const topics = [...order.topics, `user:${order.userIds[index] ?? ''}`];
      socket.send(JSON.stringify({ type: 'subscribe', topics }));
    });
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type?: string };
      if (message.type === 'subscribed') resolve();
    });
  });
}

process.once('message', (order: CrowdOrder) => {
  const opening = order.tokens.map((_, index) => openOne(order, index));
  Promise.all(opening).then(
    () => process.send?.({ type: 'open', count: sockets.length }),
    (error: unknown) => process.send?.({ type: 'failed', reason: String(error) }),
  );
  process.once('message', () => {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  });
});
process.once('disconnect', () => process.exit(0));
