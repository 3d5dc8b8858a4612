import Fastify from 'fastify';
import { createEventStore } from '@oj/events';
import {
  apiServerOptions,
  argon2PasswordHasher,
  credentialsFromStore,
  createBlobStore,
  createKysely,
  createPool,
  createTokenService,
  installNotFoundEnvelope,
  readOrCreateSecret,
  systemClock,
} from '@oj/platform';
import { queryApi } from './app';
import { loadQueryConfig } from './config';

// The query service as its own process, behind a path-routing proxy (DESIGN, scale-out).
const config = loadQueryConfig();
const pool = createPool(config.DATABASE_URL, { applicationName: 'oj-query' });
// Read only for CCS basic auth: password hashes live in the user streams, never in a read model.
const store = await createEventStore({ databaseUrl: config.DATABASE_URL, eventStoreUrl: config.EVENTSTORE_URL });
const server = Fastify(apiServerOptions({ name: 'query', logLevel: config.LOG_LEVEL }));
installNotFoundEnvelope(server);
await server.register(queryApi, {
  prefix: '/api',
  db: createKysely(pool),
  tokens: createTokenService({ secret: config.JWT_SECRET, clock: systemClock }),
  defaultBaseUrl: config.baseUrl,
  mailFrom: config.mailFrom,
  databaseUrl: config.DATABASE_URL,
  blobs: createBlobStore(config.DATA_DIR),
  passwordSignIn: { findCredentials: credentialsFromStore(store), passwords: argon2PasswordHasher },
  replyCheck: config.REPLY_CHECK,
  contestPasswordKey: (await readOrCreateSecret(config.DATA_DIR, 'contest-password-key')).value,
  ...(config.NATS_URL ? { natsUrl: config.NATS_URL } : {}),
  ...(config.JUDGE_REPORT_SUBJECT ? { judgeReportSubject: config.JUDGE_REPORT_SUBJECT } : {}),
});
const shutdown = async () => {
  await server.close();
  await store.close();
  await pool.end();
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
await server.listen({ host: config.HOST, port: config.PORT });
