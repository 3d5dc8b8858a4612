import { createEventStore } from '@oj/events';
import { createKysely, createPool, migrateDatabase } from '@oj/platform';
import { loadProjectorConfig } from './config';
import { projections } from './projections/registry';
import { rebuildProjection } from './runner/rebuild-projection';

// `npm run projections:rebuild -- <name>`: replays one read model into fresh tables, compares them with the live
// ones and swaps them in. Readers and a running projector keep working meanwhile.
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
  const outcome = await rebuildProjection({
    db: createKysely(pool),
    store,
    projection,
    compare: true,
    onProgress: (position, eventCount) =>
      void process.stdout.write(`\rreplayed ${eventCount} events, up to position ${position}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\nrebuilt ${projection.name}: ${outcome.eventCount} events, checkpoint ${outcome.position}, ${seconds} s`,
  );
  // The same report as the back office's (docs/events-store.md "Rebuilding from the browser").
  for (const table of outcome.report?.tables ?? []) {
    console.log(
      `${table.table}: ${table.oldRows} rows before, ${table.newRows} after; only in old ${table.onlyInOld}, ` +
        `only in new ${table.onlyInNew}, changed ${table.changed}`,
    );
    for (const example of table.examples) console.log(`  ${example.kind}: ${JSON.stringify(example)}`);
  }
  console.log(outcome.report?.identical ? 'identical: the rebuilt rows equal the old ones' : 'the rows differed');
} catch (error) {
  console.error(`\nrebuild of ${projection.name} failed; the live tables are untouched:`, error);
  process.exitCode = 1;
} finally {
  await store.close();
  await pool.end();
}
