/** What nats.js's connect() takes: it ignores credentials written into a server URL, so they are split out here. */
export interface NatsConnectionOptions {
  readonly servers: string;
  readonly token?: string;
  readonly user?: string;
  readonly pass?: string;
}

/**
 * NATS_URL carries its credentials (review F12: nats-server requires a token), as nats://<token>@host:port or
 * nats://<user>:<password>@host:port, so one setting reaches every client, each of which connects with
 * `connect({ ...natsConnectionOptions(natsUrl), … })`.
 */
export function natsConnectionOptions(natsUrl: string): NatsConnectionOptions {
  const url = new URL(natsUrl);
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const servers = url.toString().replace(/\/$/, '');
  if (!user) return { servers };
  return pass ? { servers, user, pass } : { servers, token: user };
}
