import { ensureRootUser } from '@oj/command';
import { migrateDatabase } from '@oj/platform';
import { buildApiServer } from './api-server';
import { ApiProcessConfigError, loadApiProcessConfig, type ApiProcessConfig } from './api-process-config';
import { StackConfigError } from './config';
import { handleShutdownSignals } from './signals';
import { consoleStackLog } from './stack-log';

// `npm run serve:api`: one API process of a cluster (deploy/systemd/oj-api.service, deploy/compose). No
// embedded PostgreSQL or nats-server and no children: the projector and the judges run as their own services.
const log = consoleStackLog();

let config: ApiProcessConfig;
try {
  config = loadApiProcessConfig();
} catch (error) {
  const known = error instanceof StackConfigError || error instanceof ApiProcessConfigError;
  log.error('config', known ? error.message : String(error));
  process.exit(2);
}

process.on('unhandledRejection', (reason) => {
  log.error(
    'api',
    `unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  );
});

// Every API host runs this at start; the migrations take a lock, so the hosts apply them once between them.
const applied = await migrateDatabase(config.databaseUrl);
log.info('migrations', applied.length === 0 ? 'read models up to date' : `applied ${applied.join(', ')}`);
const api = await buildApiServer({
  config: config.stack,
  databaseUrl: config.databaseUrl,
  jwtSecret: config.jwtSecret,
  baseUrl: config.stack.baseUrl ?? `http://${config.stack.host}:${config.stack.port}`,
  log,
  natsUrl: config.natsUrl,
  judgeCompileSubject: config.judgeCompileSubject,
  judgeReportSubject: config.judgeReportSubject,
});
const root = await ensureRootUser({ store: api.store, password: config.stack.rootPassword });
if (root.created && root.generated) {
  log.info('root', `created the super admin "root" with the password ${root.password} (shown only this once)`);
}
handleShutdownSignals((signal) => {
  log.info('api', `stopping (${signal})`);
  void api.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
await api.server.listen({ host: config.stack.host, port: config.stack.port });
