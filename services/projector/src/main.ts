import { createEventStore } from '@oj/events';
import {
  createKysely,
  createLogger,
  createPool,
  databaseCheck,
  migrateDatabase,
  serveWorkerHealth,
  untilAborted,
  type WorkerHealthServer,
} from '@oj/platform';
import { loadProjectorConfig } from './config';
import { projections } from './projections/registry';
import { runProjections, type RunnerState } from './runner/run-projections';
import { serveRebuildRequests } from './runner/rebuild-requests';

// The projector process: every registered projection follows the event store into its read-model tables.
const config = loadProjectorConfig();
const logger = createLogger({ name: 'projector', level: config.logLevel });
const stopping = new AbortController();
const stop = (signal: NodeJS.Signals): void => {
  if (stopping.signal.aborted) {
    logger.warn({ signal }, 'second signal: exiting without waiting for batches in flight');
    process.exit(1);
  }
  logger.info({ signal }, 'stopping after the batches in flight');
  stopping.abort();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

let health: WorkerHealthServer | undefined;
try {
  await migrateDatabase(config.databaseUrl);
  const pool = createPool(config.databaseUrl, { max: projections.length + 3, applicationName: 'oj-projector' });
  const store = await createEventStore({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
  let runner: RunnerState | 'starting' = 'starting';
  if (config.health) {
    health = await serveWorkerHealth({
      process: 'projector',
      ...config.health,
      // `events`: the runner follows the store (not starting, not waiting to retry after a failed pass).
      checks: { database: databaseCheck(pool), events: async () => (runner === 'following' ? 'up' : 'down') },
    });
  }
  logger.info({ projections: projections.map((projection) => projection.name) }, 'projector started');
  await Promise.all([
    // Rebuilds asked for in the back office (issue 13 item 5), one at a time, beside the live runners.
    serveRebuildRequests({
      db: createKysely(pool),
      store,
      projections,
      databaseUrl: config.databaseUrl,
      logger,
      signal: stopping.signal,
    }),
    runProjections({
      db: createKysely(pool),
      store,
      projections,
      logger,
      signal: stopping.signal,
      batchSize: config.batchSize,
      onState: (state) => (runner = state),
    }),
    // With nothing registered yet the process still lives until told to stop, like any supervised worker.
    untilAborted(stopping.signal),
  ]);
  await health?.close();
  await store.close();
  await pool.end();
  logger.info('projector stopped');
} catch (error) {
  logger.fatal({ err: error }, 'projector failed');
  process.exitCode = 1;
  // A failed projector must end, so that its supervisor starts a new one: the rebuild server's listener would
  // otherwise keep this process alive and projecting nothing (the chaos test's PostgreSQL kill that never recovered).
  stopping.abort();
  void health?.close();
  setTimeout(() => process.exit(1), 2_000);
}
