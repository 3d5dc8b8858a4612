/** What nats.js's connect() takes: it ignores credentials written into a server URL, so they are split out here. */
export interface NatsConnectionOptions {
  readonly servers: string | string[];
  readonly token?: string;
  readonly user?: string;
  readonly pass?: string;
}

/**
 * NATS_URL carries its credentials (review F12: nats-server requires a token), as nats://<token>@host:port or
 * nats://<user>:<password>@host:port, so one setting reaches every client, each of which connects with
 * `connect({ ...natsConnectionOptions(natsUrl), … })`.
 *
 * A cluster is several comma-separated URLs (nats://<token>@nats-1:4222,nats://nats-2:4222,…): a client that
 * starts while one node is down still finds another. The credentials are those of the first URL that has any.
 */
export function natsConnectionOptions(natsUrl: string): NatsConnectionOptions {
  const urls = natsUrl
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => new URL(part));
  const withCredentials = urls.find((url) => url.username !== '');
  const user = withCredentials ? decodeURIComponent(withCredentials.username) : '';
  const pass = withCredentials ? decodeURIComponent(withCredentials.password) : '';
  const bare = urls.map((url) => {
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  });
  const servers = bare.length === 1 ? (bare[0] as string) : bare;
  if (!user) return { servers };
  return pass ? { servers, user, pass } : { servers, token: user };
}
