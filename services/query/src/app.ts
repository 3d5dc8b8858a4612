import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { installAuthentication, installErrorHandler, principalLoader, type TokenService } from '@oj/platform';
import { siteRoutes } from './site/site.routes';
import { usersRoutes } from './users/users.routes';

export interface QueryApiOptions {
  readonly db: Kysely<Database>;
  readonly tokens: TokenService;
  /** baseUrl shown until an admin sets one, e.g. http://localhost:8080. */
  readonly defaultBaseUrl: string;
  /** The site's mail sender address, published as get-website-config's `email`; null when none. */
  readonly mailFrom: string | null;
}

/**
 * The query side of /api as a Fastify plugin: register it with `{ prefix: '/api', ...options }` next to
 * `commandApi` on the same instance. It installs its own auth hook and error handler (encapsulated).
 */
export async function queryApi(app: FastifyInstance, options: QueryApiOptions): Promise<void> {
  installErrorHandler(app);
  installAuthentication(app, { tokens: options.tokens, loadPrincipal: principalLoader(options.db) });
  usersRoutes(app, options.db);
  siteRoutes(app, { db: options.db, defaultBaseUrl: options.defaultBaseUrl, mailFrom: options.mailFrom });
}
