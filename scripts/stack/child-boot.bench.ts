/**
 * `npm run bench -- stack boot`: how long a stack child (projector, judge worker) takes from spawn to its first
 * sign of work ("projector started", "judge process ready"), started as spawnChild starts it (the esbuild bundle,
 * plain node) and as it was started before (node --import tsx on the TypeScript), alternating round by round on one
 * PostgreSQL and nats-server. The floor is a bare node process with the same preload. BENCH_ROUNDS (default 5).
 * docs/performance.md, "Child process boot", has the figures and the phase-by-phase split.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { migrateDatabase } from '@oj/platform';
import { loadStackConfig } from './config';
import { startInfrastructure } from './infrastructure';
import { definedOnly, killGroup } from './child-process';
import { bundleService } from './service-bundle';
import { memoryStackLog } from './stack-log';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const workDir = path.join(repositoryRoot, '.tmp/child-boot-bench');
const preload = 'scripts/stack/exit-with-parent.ts';
const entries = {
  projector: { entry: 'services/projector/src/main.ts', ready: 'projector started' },
  judge: { entry: 'services/judge/src/main.ts', ready: 'judge process ready' },
} as const;
type EntryName = keyof typeof entries;

/** First preload of every variant: prints when node is up (epoch ms), so node's own start is split out. */
const markSource = [
  'process.stderr.write(`BOOTMARK origin ${performance.timeOrigin}\\n`);',
  'process.stderr.write(`BOOTMARK node ${performance.timeOrigin + performance.now()}\\n`);',
].join('\n');
/** Imported right after tsx: the moment tsx is loaded and its hooks registered. */
const afterTsxSource = 'process.stderr.write(`BOOTMARK tsx ${performance.timeOrigin + performance.now()}\\n`);';
/** The floor: a node process with the same preload that is ready at once. */
const emptySource = "console.log('ready');";

interface Boot {
  readonly node: number;
  readonly tsx: number;
  readonly total: number;
}

export async function runChildBootBench(): Promise<Record<string, unknown>[]> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  await rm(workDir, { recursive: true, force: true });
  const dataDir = path.join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  // The judge's sandbox runs as an unprivileged uid that must traverse DATA_DIR.
  await chmod(dataDir, 0o755);
  const files = {
    mark: path.join(workDir, 'mark.mjs'),
    afterTsx: path.join(workDir, 'after-tsx.mjs'),
    empty: path.join(workDir, 'empty.mjs'),
  };
  await writeFile(files.mark, markSource);
  await writeFile(files.afterTsx, afterTsxSource);
  await writeFile(files.empty, emptySource);
  const config = loadStackConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', JUDGE_WORKERS: '1' });
  const infrastructure = await startInfrastructure(config, memoryStackLog());
  const loads = [loadavg()[0] ?? 0];
  try {
    await migrateDatabase(infrastructure.databaseUrl);
    const env: Record<string, string> = {
      ...definedOnly(process.env),
      DATA_DIR: dataDir,
      DATABASE_URL: infrastructure.databaseUrl,
      NATS_URL: infrastructure.natsUrl,
      LOG_LEVEL: 'info',
      JUDGE_WORKERS: '1',
      JUDGE_WORKER_NAME: 'judge-1',
      JUDGE_LANGUAGES: 'C',
    };
    const preloadBundle = (await bundleService(preload)).path;
    const variants = {
      // What spawnChild ran before the bundles (child-process.ts at e561806^).
      tsx: async (name: EntryName) => [
        ...['--import', files.mark, '--import', 'tsx', '--import', files.afterTsx],
        ...['--import', path.join(repositoryRoot, preload), entries[name].entry],
      ],
      bundle: async (name: EntryName) => [
        '--enable-source-maps',
        '--import',
        files.mark,
        '--import',
        preloadBundle,
        (await bundleService(entries[name].entry)).path,
      ],
    };
    const samples = new Map<string, Boot[]>();
    const record = (key: string, boot: Boot) => samples.set(key, [...(samples.get(key) ?? []), boot]);
    for (let round = 0; round < rounds; round++) {
      record('floor', await boot(['--import', files.mark, files.empty], 'ready', env));
      for (const name of Object.keys(entries) as EntryName[]) {
        const order = round % 2 === 0 ? (['tsx', 'bundle'] as const) : (['bundle', 'tsx'] as const);
        for (const variant of order) {
          record(`${name} ${variant}`, await boot(await variants[variant](name), entries[name].ready, env));
        }
      }
      loads.push(loadavg()[0] ?? 0);
    }
    return summarize(samples, loads);
  } finally {
    await infrastructure.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Spawns like spawnChild (own group, IPC channel), waits for `readyText`, then stops it. */
async function boot(args: readonly string[], readyText: string, env: Record<string, string>): Promise<Boot> {
  const marks: Record<string, number> = {};
  const lastLines: string[] = [];
  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  try {
    await new Promise<void>((resolve, reject) => {
      void exited.then((code) =>
        reject(new Error(`${args.at(-1)} exited with ${code} before "${readyText}":\n${lastLines.join('\n')}`)),
      );
      for (const stream of [child.stdout, child.stderr]) {
        if (!stream) continue;
        createInterface({ input: stream }).on('line', (line) => {
          const mark = /^BOOTMARK (\w+) ([\d.]+)$/.exec(line);
          lastLines.push(line);
          if (lastLines.length > 5) lastLines.shift();
          if (mark?.[1] !== undefined) marks[mark[1]] = Number(mark[2]);
          else if (line.includes(readyText)) {
            marks.ready = performance.timeOrigin + performance.now();
            resolve();
          }
        });
      }
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
    if (child.pid !== undefined) killGroup(child.pid);
  }
  const node = (marks.node ?? spawnedAt) - spawnedAt;
  return {
    node,
    tsx: marks.tsx === undefined ? 0 : marks.tsx - (marks.node ?? spawnedAt),
    total: (marks.ready ?? spawnedAt) - spawnedAt,
  };
}

function summarize(samples: Map<string, Boot[]>, loads: readonly number[]): Record<string, unknown>[] {
  const medianOf = (key: string, field: keyof Boot) => median((samples.get(key) ?? []).map((boot) => boot[field]));
  const load = `${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`;
  const rows: Record<string, unknown>[] = [];
  for (const [key, boots] of samples) {
    const totals = boots.map((boot) => boot.total);
    rows.push({
      process: key,
      'spawn to ready p50 ms': Math.round(median(totals)),
      'min-max ms': `${Math.round(Math.min(...totals))}-${Math.round(Math.max(...totals))}`,
      'node up p50 ms': Math.round(medianOf(key, 'node')),
      'tsx loaded p50 ms': Math.round(medianOf(key, 'tsx')),
      load,
    });
  }
  for (const name of Object.keys(entries)) {
    const before = medianOf(`${name} tsx`, 'total');
    const after = medianOf(`${name} bundle`, 'total');
    rows.push({
      process: `${name}: saved by the bundle`,
      saved: `${Math.round(before - after)} ms, ${Math.round((1 - after / before) * 100)} % (target: >= 1000 ms or >= 30 %)`,
      load,
    });
  }
  return rows;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
