import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import { commandApi, type AwaitProjections } from '@oj/command';
import { createEventStore, type EventStore } from '@oj/events';
import {
  apiServerOptions,
  argon2PasswordHasher,
  awaitProjections,
  createBlobStore,
  credentialsFromStore,
  createKysely,
  createLogger,
  createMailer,
  createPool,
  createTokenService,
  readOrCreateSecret,
  systemClock,
  type BlobStore,
} from '@oj/platform';
import { queryApi } from '@oj/query';
import type { Database } from '@oj/read-models';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { StackConfig } from './config';
import type { StackLog } from './stack-log';
import { registerSecurityHeaders } from './security-headers';
import { registerWebApp } from './web-app';

export interface ApiServerDeps {
  readonly config: StackConfig;
  readonly databaseUrl: string;
  readonly jwtSecret: string;
  /** Where the server will listen, for links in mails until an admin sets the site's baseUrl. */
  readonly baseUrl: string;
  readonly log: StackLog;
  readonly webDistDir?: string;
  /** Where the judge processes answer compile-spj / compile-interactive; without it those only check the language. */
  readonly natsUrl?: string | undefined;
  readonly judgeCompileSubject?: string | undefined;
  /** The judges' JUDGE_REPORT_SUBJECT: which judges are live and which languages they verified. */
  readonly judgeReportSubject?: string | undefined;
}

export interface ApiServer {
  readonly server: FastifyInstance;
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly db: Kysely<Database>;
  readonly awaitProjections: AwaitProjections;
  /** DATA_DIR/blobs: test data and problem files, shared with the judge workers. */
  readonly blobs: BlobStore;
  /** Every route the server registered (Fastify's onRoute), for tests that must walk them all. */
  readonly routes: readonly RegisteredRoute[];
  /** Closes the HTTP server (letting requests in flight finish), then the store and the pool. */
  close(): Promise<void>;
}

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

/** One Fastify server: the command and query plugins under /api, and the built web app at /. */
export async function buildApiServer(deps: ApiServerDeps): Promise<ApiServer> {
  const { config } = deps;
  const pool = createPool(deps.databaseUrl, { max: 10, applicationName: 'oj-api' });
  const db = createKysely(pool);
  const store = await createEventStore({ databaseUrl: deps.databaseUrl, eventStoreUrl: config.eventStoreUrl });
  const waitForProjections: AwaitProjections = (position, eventTypes) =>
    awaitProjections(pool, position, eventTypes ? { eventTypes } : {});
  const blobs = createBlobStore(config.dataDir);
  const server = Fastify(apiServerOptions({ name: 'api', logLevel: config.logLevel, trustProxy: config.trustProxy }));
  const routes: RegisteredRoute[] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const closeResources = async () => {
    await store.close();
    await pool.end();
  };
  try {
    await registerSecurityHeaders(server);
    const tokens = createTokenService({ secret: deps.jwtSecret, clock: systemClock });
    // Seals contest passwords in events; only this process (command and query) reads it (F9, docs/contests.md).
    const contestPasswordKey = (await readOrCreateSecret(config.dataDir, 'contest-password-key')).value;
    const smtpAccount = config.smtpUrl ? decodeURIComponent(new URL(config.smtpUrl).username) : '';
    // As HOJ: the SMTP account is the sender and the site's published email; outbox mode publishes none.
    const publishedEmail = config.mailFrom ?? (smtpAccount.includes('@') ? smtpAccount : null);
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: publishedEmail ?? 'no-reply@localhost',
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: createLogger({ name: 'mail', level: config.logLevel }),
    });
    await server.register(commandApi, {
      prefix: '/api',
      store,
      db,
      tokens,
      mailer,
      awaitProjections: waitForProjections,
      defaultBaseUrl: deps.baseUrl,
      blobs,
      contestPasswordKey,
      replyCheck: config.replyCheck,
      ...(deps.natsUrl ? { natsUrl: deps.natsUrl } : {}),
      ...(deps.judgeCompileSubject ? { judgeCompileSubject: deps.judgeCompileSubject } : {}),
      ...(deps.judgeReportSubject ? { judgeReportSubject: deps.judgeReportSubject } : {}),
    });
    await server.register(queryApi, {
      prefix: '/api',
      db,
      tokens,
      defaultBaseUrl: deps.baseUrl,
      mailFrom: publishedEmail,
      databaseUrl: deps.databaseUrl,
      blobs,
      contestPasswordKey,
      replyCheck: config.replyCheck,
      // The same hasher instance as the command's default: one argon2 concurrency limit for the process.
      passwordSignIn: { findCredentials: credentialsFromStore(store), passwords: argon2PasswordHasher },
      ...(deps.natsUrl ? { natsUrl: deps.natsUrl } : {}),
      ...(deps.judgeReportSubject ? { judgeReportSubject: deps.judgeReportSubject } : {}),
    });
    const isWebBuilt = await registerWebApp(server, deps.webDistDir);
    if (!isWebBuilt) deps.log.warn('web', 'web app not built yet: run `npm run build -w web`');
    await server.ready();
  } catch (error) {
    await server.close().catch(() => undefined);
    await closeResources();
    throw error;
  }
  return {
    server,
    store,
    pool,
    db,
    awaitProjections: waitForProjections,
    blobs,
    routes,
    close: async () => {
      await server.close();
      await closeResources();
    },
  };
}
