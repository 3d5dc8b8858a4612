import { userInfo } from 'node:os';
import { createEventStore } from '@oj/events';
import { createKysely, createLogger, createPool, migrateDatabase } from '@oj/platform';
import { loadProjectorConfig } from './config';
import { projections } from './projections/registry';
import { runRebuildFromCli } from './runner/rebuild-requests';

// `npm run projections:rebuild -- <name>`: replays one read model into fresh tables, compares them with the live
// ones and swaps them in. Readers and a running projector keep working meanwhile. It runs as a rebuild request of
// its own (the back office's Projections page shows it), so it never races a rebuild asked for from the browser.
const name = process.argv[2];
const projection = projections.find((candidate) => candidate.name === name);
if (!projection) {
  const known = projections.map((candidate) => candidate.name).join(', ') || '(none registered)';
  console.error(`usage: npm run projections:rebuild -- <name>\nprojections: ${known}`);
  process.exit(2);
}

const config = loadProjectorConfig();
await migrateDatabase(config.databaseUrl);
const pool = createPool(config.databaseUrl, { max: 2, applicationName: 'oj-projections-rebuild' });
const store = await createEventStore({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
const started = performance.now();
try {
  const ended = await runRebuildFromCli({
    db: createKysely(pool),
    store,
    projection,
    databaseUrl: config.databaseUrl,
    requestedBy: `cli:${userInfo().username}`,
    logger: createLogger({ name: 'projections-rebuild', level: 'warn' }),
  });
  if (!ended) {
    console.error(`${projection.name} is already being rebuilt (from the browser or another shell); try again later`);
    process.exitCode = 3;
  } else if (ended.state !== 'done') {
    console.error(`rebuild of ${projection.name} failed; the live tables are untouched: ${ended.error ?? ''}`);
    process.exitCode = 1;
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `rebuilt ${projection.name}: ${ended.replayedEvents} events, checkpoint ${ended.position}, ${seconds} s`,
    );
    // The same report as the back office's (docs/events-store.md "Rebuilding from the browser").
    for (const table of ended.report?.tables ?? []) {
      console.log(
        `${table.table}: ${table.oldRows} rows before, ${table.newRows} after; only in old ${table.onlyInOld}, ` +
          `only in new ${table.onlyInNew}, changed ${table.changed}`,
      );
      for (const example of table.examples) console.log(`  ${example.kind}: ${JSON.stringify(example)}`);
    }
    console.log(ended.report?.identical ? 'identical: the rebuilt rows equal the old ones' : 'the rows differed');
  }
} finally {
  await store.close();
  await pool.end();
}
