import { loadStackConfig } from './config';
import { restore } from './event-store-backup';
import { consoleStackLog } from './stack-log';
import { openToolDatabase } from './tool-database';

// `npm run restore -- <directory>`: a backup into an empty database and DATA_DIR, every read model rebuilt
// (docs/architecture.md "Backup and restore"). Then `npm start` as usual.
const source = process.argv[2];
if (!source) {
  console.error('usage: npm run restore -- <backup directory>');
  process.exit(2);
}
const log = consoleStackLog();
const config = loadStackConfig();
if (config.eventStoreUrl) {
  console.error('restore: EVENTSTORE_URL is set; restore KurrentDB with its own tools (this restores PostgreSQL)');
  process.exit(2);
}
const database = await openToolDatabase(config, log);
try {
  const outcome = await restore({
    databaseUrl: database.databaseUrl,
    dataDir: config.dataDir,
    source,
    onProgress: (message) => log.info('restore', message),
  });
  log.info('restore', `${outcome.eventCount} events, ${outcome.rebuilt.length} read models rebuilt`);
} catch (error) {
  log.error('restore', error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.stop();
}
