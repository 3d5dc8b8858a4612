import Fastify from 'fastify';
import { createEventStore } from '@oj/events';
import {
  apiServerOptions,
  awaitProjections,
  createBlobStore,
  createKysely,
  createLogger,
  createMailer,
  createPool,
  createTokenService,
  installNotFoundEnvelope,
  readOrCreateSecret,
  systemClock,
} from '@oj/platform';
import { commandApi, ensureRootUser } from './app';
import { loadCommandConfig } from './config';

// The command service as its own process, behind a path-routing proxy (DESIGN, scale-out).
const config = loadCommandConfig();
const logger = createLogger({ name: 'command', level: config.LOG_LEVEL });
const pool = createPool(config.DATABASE_URL, { applicationName: 'oj-command' });
const store = await createEventStore({ databaseUrl: config.DATABASE_URL, eventStoreUrl: config.EVENTSTORE_URL });
const waitForProjections = (position: bigint, eventTypes?: readonly string[]) =>
  awaitProjections(pool, position, eventTypes ? { eventTypes } : {});
const server = Fastify(apiServerOptions({ name: 'command', logLevel: config.LOG_LEVEL }));
installNotFoundEnvelope(server);
await server.register(commandApi, {
  prefix: '/api',
  store,
  db: createKysely(pool),
  tokens: createTokenService({ secret: config.JWT_SECRET, clock: systemClock }),
  mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.mailFrom, outboxDir: config.outboxDir, logger }),
  awaitProjections: waitForProjections,
  defaultBaseUrl: config.baseUrl,
  replyCheck: config.REPLY_CHECK,
  contestPasswordKey: (await readOrCreateSecret(config.DATA_DIR, 'contest-password-key')).value,
  blobs: createBlobStore(config.DATA_DIR),
  ...(config.NATS_URL ? { natsUrl: config.NATS_URL } : {}),
  ...(config.JUDGE_COMPILE_SUBJECT ? { judgeCompileSubject: config.JUDGE_COMPILE_SUBJECT } : {}),
  ...(config.JUDGE_REPORT_SUBJECT ? { judgeReportSubject: config.JUDGE_REPORT_SUBJECT } : {}),
});
const root = await ensureRootUser({ store, password: config.ROOT_PASSWORD, awaitProjections: waitForProjections });
if (root.created && root.generated) {
  logger.warn(`created the super admin "root" with the password ${root.password} (shown only this once)`);
}
const shutdown = async () => {
  await server.close();
  await store.close();
  await pool.end();
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
await server.listen({ host: config.HOST, port: config.PORT });
