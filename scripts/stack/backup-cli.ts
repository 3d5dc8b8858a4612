import { loadStackConfig } from './config';
import { backUp } from './event-store-backup';
import { consoleStackLog } from './stack-log';
import { openToolDatabase } from './tool-database';

// `npm run backup -- <directory>`: the event store and DATA_DIR's blobs and secrets, into a new directory
// (docs/architecture.md "Backup and restore"). DATABASE_URL and DATA_DIR as for npm start.
const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <new directory>');
  process.exit(2);
}
const log = consoleStackLog();
const config = loadStackConfig();
if (config.eventStoreUrl) {
  console.error('backup: EVENTSTORE_URL is set; back up KurrentDB with its own tools (this exports PostgreSQL)');
  process.exit(2);
}
const database = await openToolDatabase(config, log);
try {
  const manifest = await backUp({ databaseUrl: database.databaseUrl, dataDir: config.dataDir, target });
  log.info(
    'backup',
    `${manifest.eventCount} events up to position ${manifest.lastPosition}, blobs and secrets in ${target}`,
  );
} catch (error) {
  log.error('backup', error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.stop();
}
