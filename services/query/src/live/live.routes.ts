import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { nonJsonReply, type Principal, type PrincipalLoader, type TokenService } from '@oj/platform';
import { liveRequestSchema, type LiveMessage } from '@oj/contracts';
import type { LiveClient, LiveHub } from './live-hub';

/** Frames a client sends are a few topic names or a token: 4 KiB is plenty (`ws` allows 100 MiB by default). */
export const liveMaxPayloadBytes = 4096;
/** Sockets one address may hold open at once (F17). */
export const liveMaxSocketsPerAddress = 32;
/** Topics one socket may subscribe to at once (F17); the web app holds a handful. */
export const liveMaxTopicsPerSocket = 64;

/** The options `@fastify/websocket` must be registered with, by whoever registers it first. */
export const liveSocketPluginOptions = { options: { maxPayload: liveMaxPayloadBytes } };

/** Turns a token (the one the HTTP calls send) into its user, or null when it is bad, expired or logged out. */
export type SocketAuthenticator = (token: string) => Promise<Principal | null>;

/** The HTTP calls' token rule (platform `authenticate.ts`): well signed, unexpired, current session, not banned. */
export function tokenAuthenticator(tokens: TokenService, loadPrincipal: PrincipalLoader): SocketAuthenticator {
  return async (token) => {
    const claims = await tokens.verify(token.replace(/^Bearer\s+/i, '').trim());
    const principal = claims ? await loadPrincipal(claims.userId) : null;
    if (!claims || !principal || principal.isBanned) return null;
    return principal.sessionGeneration === claims.generation ? principal : null;
  };
}

/**
 * GET /api/ws: a client sends {type: "subscribe", topics: ["submission:1001"]} and gets {type: "changed",
 * topic, position} whenever that read model changed. Topics carry no data, only "look again", so a client
 * reads through the same endpoints (and visibility rules) as when it polls; and who hears of a change follows
 * the same rules (`live-audiences.ts`, F17). A socket is anonymous unless its upgrade request carried the
 * Authorization header, or it sends {type: "authenticate", token} (browsers cannot set headers on a websocket).
 */
export async function liveRoutes(app: FastifyInstance, hub: LiveHub, authenticate: SocketAuthenticator): Promise<void> {
  // Whoever composes the server may have registered the plugin already (tests do, to get injectWS).
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, liveSocketPluginOptions);
  const socketsPerAddress = new Map<string, number>();
  app.get(
    '/ws',
    nonJsonReply({ websocket: true, config: { access: 'anon' as const } }, 'websocket'),
    (socket, request) => {
      const address = request.ip;
      const open = socketsPerAddress.get(address) ?? 0;
      if (open >= liveMaxSocketsPerAddress) {
        socket.close(1008, 'too many sockets from this address');
        return;
      }
      socketsPerAddress.set(address, open + 1);
      let principal: Principal | null = request.principal;
      const client: LiveClient = {
        send: (message: LiveMessage) => socket.send(JSON.stringify(message)),
        principal: () => principal,
      };
      // One message at a time, in order: a subscription sent after {type: "authenticate"} is acknowledged only
      // once the token is checked, so the client knows from then on its pushes follow its identity.
      let handled = Promise.resolve();
      socket.on('message', (raw: Buffer) => {
        // A second guard should the plugin have been registered without the payload cap.
        if (raw.length > liveMaxPayloadBytes) {
          socket.close(1009, 'frame too large');
          return;
        }
        handled = handled.then(() => handle(raw)).catch((error: unknown) => request.log.warn({ err: error }, 'ws'));
      });
      const handle = async (raw: Buffer) => {
        let message: unknown;
        try {
          message = JSON.parse(raw.toString('utf8'));
        } catch {
          return;
        }
        // A frame, not the request: the route's schemas check only the upgrade request, which carries no input.
        const parsed = liveRequestSchema.safeParse(message);
        if (!parsed.success) return;
        if (parsed.data.type === 'authenticate') {
          principal = await authenticate(parsed.data.token);
        } else if (parsed.data.type === 'subscribe') {
          client.send({ type: 'subscribed', topics: hub.subscribe(client, parsed.data.topics) });
        } else {
          hub.unsubscribe(client, parsed.data.topics);
        }
      };
      socket.on('close', () => {
        hub.remove(client);
        const left = (socketsPerAddress.get(address) ?? 1) - 1;
        if (left > 0) socketsPerAddress.set(address, left);
        else socketsPerAddress.delete(address);
      });
    },
  );
}
