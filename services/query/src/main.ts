import Fastify from 'fastify';
import {
  apiServerOptions,
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
  contestPasswordKey: (await readOrCreateSecret(config.DATA_DIR, 'contest-password-key')).value,
  ...(config.NATS_URL ? { natsUrl: config.NATS_URL } : {}),
  ...(config.JUDGE_REPORT_SUBJECT ? { judgeReportSubject: config.JUDGE_REPORT_SUBJECT } : {}),
});
const shutdown = async () => {
  await server.close();
  await pool.end();
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
await server.listen({ host: config.HOST, port: config.PORT });
