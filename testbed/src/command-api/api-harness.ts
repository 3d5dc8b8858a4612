import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { pino } from 'pino';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { createPostgresEventStore, type EventStore } from '@oj/events';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import {
  argon2idHasher,
  awaitProjections,
  createBlobStore,
  createKysely,
  createMailer,
  createPool,
  createTokenService,
  installNotFoundEnvelope,
  migrateDatabase,
  systemClock,
  type BlobStore,
  type Clock,
  type TokenService,
} from '@oj/platform';
import { projections, runProjections } from '@oj/projector';
import { queryApi, type QueryApiOptions } from '@oj/query';
import type { Database } from '@oj/read-models';
import { commandApi, type CommandApiOptions } from '@oj/command';

/** A mail the test SMTP server received. */
export interface ReceivedMail {
  readonly to: string;
  readonly body: string;
}

/**
 * Both API plugins on one Fastify instance (as `npm start` mounts them), over a fresh database with a real
 * Postgres event store, the real projector runner and a real SMTP receiver. Test-only: it imports the
 * query and projector workspaces, which service code never does.
 */
export interface ApiHarness {
  readonly app: FastifyInstance;
  /** The fresh database's URL, for a judge process started by a test. */
  readonly databaseUrl: string;
  readonly db: Kysely<Database>;
  readonly pool: pg.Pool;
  readonly store: EventStore;
  /** A blob store in a temporary directory, shared by both plugins (test data uploads and downloads). */
  readonly blobs: BlobStore;
  readonly mails: ReceivedMail[];
  /** Resolves with the first mail to `address` (already received or still to come). */
  mailTo(address: string): Promise<ReceivedMail>;
  startProjector(): void;
  stopProjector(): Promise<void>;
  eventCount(): Promise<number>;
  close(): Promise<void>;
}

const silent = pino({ level: 'silent' });
/** Seals contest passwords in the harness's events, as DATA_DIR/secrets/contest-password-key does in the stack. */
export const contestPasswordKey = 'harness-contest-password-key-of-32-chars';
const projectionNames = projections.map((projection) => projection.name);

async function startSmtp(mails: ReceivedMail[], onMail: () => void): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const recipient of session.envelope.rcptTo) {
          mails.push({ to: recipient.address, body: Buffer.concat(chunks).toString('utf8') });
        }
        callback();
        onMail();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ApiHarnessOptions {
  readonly clock?: Clock;
  /** Command plugin options for tests with a judge process: NATS, and blobs in the judge's DATA_DIR. */
  readonly command?: Pick<CommandApiOptions, 'natsUrl' | 'judgeCompileSubject' | 'judgeReportSubject' | 'blobs'>;
  /** Query plugin options for tests with a judge process: NATS and the judges' report subject. */
  readonly query?: Pick<QueryApiOptions, 'natsUrl' | 'judgeReportSubject'>;
  /** Sees every route both plugins register (the route × role matrix walks Fastify's own table). */
  readonly onRoute?: (route: RouteOptions) => void;
}

export async function startApiHarness(databaseServerUrl: string, options: ApiHarnessOptions = {}): Promise<ApiHarness> {
  const clock = options.clock ?? systemClock;
  const database: TestDatabase = await createTestDatabase(databaseServerUrl);
  await migrateDatabase(database.url);
  const pool = createPool(database.url, { max: 8 });
  const db = createKysely(pool);
  const store = await createPostgresEventStore({ connectionString: database.url, maxConnections: 4 });
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const smtp = await startSmtp(mails, () => waiters.splice(0).forEach((wake) => wake()));
  const tokens = createTokenService({ secret: 'harness-secret-that-is-at-least-32-chars', clock });
  const blobDir = await mkdtemp(path.join(tmpdir(), 'oj-harness-blobs-'));
  const blobs = createBlobStore(blobDir);
  let projector: { controller: AbortController; running: Promise<void> } | null = null;
  const app = Fastify({ logger: false });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  installNotFoundEnvelope(app);
  await registerBothApis(
    app,
    { store, db, pool, tokens, blobs, clock, smtpUrl: smtp.url },
    options,
    () => projector !== null,
  );
  await app.ready();
  const harness: ApiHarness = {
    app,
    databaseUrl: database.url,
    db,
    pool,
    store,
    blobs,
    mails,
    async mailTo(address) {
      for (;;) {
        const mail = mails.find((candidate) => candidate.to === address);
        if (mail) return mail;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    startProjector() {
      const controller = new AbortController();
      const running = runProjections({ db, store, projections, logger: silent, signal: controller.signal });
      projector = { controller, running };
    },
    async stopProjector() {
      const current = projector;
      projector = null;
      if (!current) return;
      current.controller.abort();
      await current.running;
    },
    async eventCount() {
      const result = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM event_store.events');
      return result.rows[0]?.n ?? 0;
    },
    async close() {
      await harness.stopProjector();
      await app.close();
      await smtp.close();
      await store.close();
      await pool.end();
      await database.drop();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
  harness.startProjector();
  return harness;
}

/** The command and query plugins under /api, as the stack mounts them, over the harness's store and database. */
async function registerBothApis(
  app: FastifyInstance,
  services: {
    readonly store: EventStore;
    readonly db: Kysely<Database>;
    readonly pool: pg.Pool;
    readonly tokens: TokenService;
    readonly blobs: BlobStore;
    readonly clock: Clock;
    readonly smtpUrl: string;
  },
  options: ApiHarnessOptions,
  isProjecting: () => boolean,
): Promise<void> {
  const { store, db, pool, tokens, blobs, clock } = services;
  await app.register(commandApi, {
    prefix: '/api',
    store,
    db,
    tokens,
    mailer: createMailer({
      smtpUrl: services.smtpUrl,
      from: 'oj@example.com',
      outboxDir: '/nonexistent',
      logger: silent,
    }),
    // While the test has stopped the projector, commands answer without waiting (as after the 3 s bound).
    awaitProjections: async (position, eventTypes) => {
      if (!isProjecting()) return;
      await awaitProjections(pool, position, {
        timeoutMs: 20_000,
        projections: projectionNames,
        ...(eventTypes ? { eventTypes } : {}),
      });
    },
    defaultBaseUrl: 'http://oj.test',
    clock,
    passwords: argon2idHasher({ memoryCost: 1024, timeCost: 1 }),
    contestPasswordKey,
    blobs,
    ...options.command,
  });
  await app.register(queryApi, {
    prefix: '/api',
    db,
    tokens,
    defaultBaseUrl: 'http://oj.test',
    mailFrom: 'oj@example.com',
    blobs,
    contestPasswordKey,
    ...options.query,
  });
}

/** The 6-digit code in a mail sent in English ("… code is 123456 …"). */
export function codeIn(mail: ReceivedMail): string {
  const match = /code is (\d{6})/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no 6-digit code in the mail to ${mail.to}`);
  return match[1];
}
