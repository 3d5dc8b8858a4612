import path from 'node:path';
import { publishServiceBundle } from './service-bundle';

// `tsx scripts/stack/bundle-cli.ts [--out-dir DIR] <entry.ts>...`: builds each entry's bundle when it is stale and
// prints the path of its copy under a fixed name, one line per entry (`npm run bundle:services` for the deploy
// files' processes; start.sh for the launcher). A process then starts with plain `node <that path>`, which boots in
// a third of the time tsx takes (docs/performance.md, "Child process boot").
const usage = 'usage: tsx scripts/stack/bundle-cli.ts [--out-dir DIR] <entry.ts>...';
const argv = process.argv.slice(2);
const outDirAt = argv.indexOf('--out-dir');
const outDir = outDirAt === -1 ? undefined : argv[outDirAt + 1];
const entries = outDirAt === -1 ? argv : argv.filter((_, index) => index !== outDirAt && index !== outDirAt + 1);

if (entries.length === 0 || (outDirAt !== -1 && !outDir) || entries.some((entry) => !/\.[cm]?ts$/.test(entry))) {
  console.error(usage);
  process.exit(2);
}
for (const entry of entries) {
  console.log(await publishServiceBundle(entry, { outDir: outDir && path.resolve(outDir) }));
}
