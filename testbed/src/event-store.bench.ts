import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { measureEventStore, measureSettledHorizon, type HorizonFigure, type StoreFigure } from '@oj/events/testing';
import { findFreePort } from '@oj/platform';
import { startEmbeddedPostgres } from '@oj/platform/testing';

/**
 * `npm run bench -- store`: the event store's benches (events/src/store/postgres/*.bench.ts) on a server:
 * DATABASE_URL, or an embedded Postgres of their own (the events workspace is the ground floor and cannot start one).
 */
export function runEventStoreBench(): Promise<readonly StoreFigure[]> {
  return onBenchServer(measureEventStore);
}

export function runSettledHorizonBench(): Promise<readonly HorizonFigure[]> {
  return onBenchServer(measureSettledHorizon);
}

async function onBenchServer<T>(measure: (serverUrl: string) => Promise<T>): Promise<T> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return measure(serverUrl);
  const scratchRoot = path.resolve(import.meta.dirname, '../../.tmp');
  await mkdir(scratchRoot, { recursive: true });
  const scratch = await mkdtemp(path.join(scratchRoot, 'store-bench-'));
  // Postgres runs as its own user under root and must traverse the scratch dir.
  await chmod(scratch, 0o755);
  try {
    const running = await startEmbeddedPostgres(path.join(scratch, 'pg'), await findFreePort());
    try {
      return await measure(running.url);
    } finally {
      await running.stop();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
