import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { EventStore } from '@oj/events';
import type { Database } from '@oj/read-models';
import {
  createEphemeralStore,
  installAuthentication,
  installErrorHandler,
  principalLoader,
  systemClock,
  type Clock,
  type Mailer,
  type TokenService,
} from '@oj/platform';
import type { AwaitProjections } from './handling/await-projection';
import { argon2PasswordHasher } from './argon2-password-hasher';
import { siteSettingsReader } from './site/site-reads/site-settings';
import { siteRoutes } from './site/site.routes';
import type { PasswordHasher } from './users/account-reads/users-dependencies';
import { usersRoutes } from './users/users.routes';
import { userValidationMessages } from './users/users.rejections';

export interface CommandApiOptions {
  readonly store: EventStore;
  /** Read models (users, site_config) and the ephemeral_secrets table. */
  readonly db: Kysely<Database>;
  readonly tokens: TokenService;
  readonly mailer: Mailer;
  /** Resolves once every projection's checkpoint has passed the position (read-your-writes). */
  readonly awaitProjections: AwaitProjections;
  /** baseUrl used in mails until an admin sets one, e.g. http://localhost:8080. */
  readonly defaultBaseUrl: string;
  readonly clock?: Clock;
  readonly passwords?: PasswordHasher;
  readonly newId?: () => string;
}

/**
 * The command side of /api as a Fastify plugin: register it with `{ prefix: '/api', ...options }` next to
 * `queryApi` on the same instance. It installs its own auth hook and error handler (encapsulated).
 */
export async function commandApi(app: FastifyInstance, options: CommandApiOptions): Promise<void> {
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? (() => randomUUID());
  installErrorHandler(app, userValidationMessages);
  installAuthentication(app, { tokens: options.tokens, loadPrincipal: principalLoader(options.db) });
  usersRoutes(app, {
    store: options.store,
    db: options.db,
    ephemeral: createEphemeralStore(options.db, clock),
    mailer: options.mailer,
    tokens: options.tokens,
    clock,
    passwords: options.passwords ?? argon2PasswordHasher,
    newId,
    awaitProjections: options.awaitProjections,
    siteSettings: siteSettingsReader(options.db, options.defaultBaseUrl),
  });
  siteRoutes(app, { store: options.store, clock, newId, awaitProjections: options.awaitProjections });
}

export { ensureRootUser, type EnsureRootUserOptions, type RootUserOutcome } from './ensure-root-user';
export type { AwaitProjections } from './handling/await-projection';
export type { PasswordHasher } from './users/account-reads/users-dependencies';
