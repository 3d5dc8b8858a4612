/**
 * `npm run bench -- <name> [<part>…]`: runs the benches registered under a name and prints what each
 * returns. To add one, export an async function from a `*.bench.ts` file and list it below.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface BenchEntry {
  /** Short name to run only this part, e.g. `npm run bench -- judge sandbox`. */
  readonly part: string;
  /** Path from the repository root. */
  readonly file: string;
  /** The exported async function; it takes no required arguments and returns printable figures. */
  readonly exportName: string;
}

const benches: Readonly<Record<string, readonly BenchEntry[]>> = {
  judge: [
    { part: 'sandbox', file: 'services/judge/src/sandbox/sandbox.bench.ts', exportName: 'runSandboxBench' },
    { part: 'timing', file: 'services/judge/src/sandbox/sandbox-timing.bench.ts', exportName: 'runSandboxTimingBench' },
    {
      part: 'throughput',
      file: 'services/judge/src/worker/throughput.bench.ts',
      exportName: 'runJudgeThroughputBench',
    },
    { part: 'many-cases', file: 'services/judge/src/judging/many-cases.bench.ts', exportName: 'runManyCasesBench' },
  ],
  latency: [{ part: 'submit', file: 'tests/e2e/submit-latency.bench.ts', exportName: 'runSubmitLatencyBench' }],
  history: [
    {
      part: 'fold',
      file: 'events/src/folds/contest-board/board-replay.bench.ts',
      exportName: 'runBoardHistoryBench',
    },
    { part: 'feed', file: 'testbed/src/query-api/ccs/ccs-event-feed.bench.ts', exportName: 'runCcsEventFeedBench' },
  ],
  store: [
    { part: 'postgres', file: 'testbed/src/event-store.bench.ts', exportName: 'runEventStoreBench' },
    { part: 'horizon', file: 'testbed/src/event-store.bench.ts', exportName: 'runSettledHorizonBench' },
  ],
  api: [{ part: 'load', file: 'tests/bench/api-load/api-load.bench.ts', exportName: 'runApiLoadBench' }],
  web: [{ part: 'load', file: 'tests/bench/web-load/web-load.bench.ts', exportName: 'runWebLoadBench' }],
  stack: [{ part: 'boot', file: 'scripts/stack/child-boot.bench.ts', exportName: 'runChildBootBench' }],
  scoreboard: [
    {
      part: 'acm',
      file: 'testbed/src/scoreboard.bench.ts',
      exportName: 'runScoreboardBench',
    },
  ],
};

const root = resolve(import.meta.dirname, '..');
const [name, ...parts] = process.argv.slice(2);
const entries = name === undefined ? undefined : benches[name];
if (!entries) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}> [part…]`);
  process.exit(2);
}
for (const entry of entries) {
  if (parts.length > 0 && !parts.includes(entry.part)) continue;
  const module = (await import(pathToFileURL(resolve(root, entry.file)).href)) as Record<string, unknown>;
  const run = module[entry.exportName];
  if (typeof run !== 'function') throw new Error(`${entry.file} does not export ${entry.exportName}`);
  console.log(`\n## ${name} ${entry.part} (${entry.file})`);
  const started = performance.now();
  const figures: unknown = await run();
  console.log(Array.isArray(figures) ? '' : JSON.stringify(figures, null, 2));
  if (Array.isArray(figures)) console.table(figures);
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
