import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { liveRequestSchema, type LiveMessage } from '../submissions/submissions.contract';
import type { LiveClient, LiveHub } from './live-hub';

/**
 * GET /api/ws: a client sends {type: "subscribe", topics: ["submission:1001"]} and gets {type: "changed",
 * topic, position} whenever that read model changed. Topics carry no data, only "look again", so a client
 * reads through the same endpoints (and visibility rules) as when it polls.
 */
export async function liveRoutes(app: FastifyInstance, hub: LiveHub): Promise<void> {
  // Whoever composes the server may have registered the plugin already (tests do, to get injectWS).
  if (!app.hasDecorator('websocketServer')) await app.register(websocket);
  app.get('/ws', { websocket: true, config: { access: 'anon' } }, (socket) => {
    const client: LiveClient = { send: (message: LiveMessage) => socket.send(JSON.stringify(message)) };
    socket.on('message', (raw: Buffer) => {
      let request: unknown;
      try {
        request = JSON.parse(raw.toString('utf8'));
      } catch {
        return;
      }
      const parsed = liveRequestSchema.safeParse(request);
      if (!parsed.success) return;
      if (parsed.data.type === 'subscribe') {
        hub.subscribe(client, parsed.data.topics);
        client.send({ type: 'subscribed', topics: parsed.data.topics });
      } else {
        hub.unsubscribe(client, parsed.data.topics);
      }
    });
    socket.on('close', () => hub.remove(client));
  });
}
