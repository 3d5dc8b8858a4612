import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, startNatsServer, findNatsServer } from '@oj/platform/testing';

/**
 * One PostgreSQL (embedded unless OJ_TEST_DATABASE_URL is set) and one nats-server for the whole run.
 * Each test file makes its own database from `databaseUrl` (see createTestDatabase), so files never share rows.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '../../.tmp', `test-${process.pid}`);
  const stops: (() => Promise<void>)[] = [];
  let databaseUrl = process.env.OJ_TEST_DATABASE_URL;
  if (!databaseUrl) {
    // fsync off for this throwaway cluster only (deleted below): it holds nothing worth a crash-safe write,
    // and the int and e2e tiers create and drop hundreds of databases on a 2-core machine.
    const pg = await startEmbeddedPostgres(root, 20000 + (process.pid % 20000), { durable: false });
    stops.push(pg.stop);
    databaseUrl = pg.url;
  }
  let natsUrl = process.env.OJ_TEST_NATS_URL ?? '';
  if (!natsUrl && findNatsServer()) {
    const nats = await startNatsServer(root, 40000 + (process.pid % 20000));
    stops.push(nats.stop);
    natsUrl = nats.url;
  }
  project.provide('databaseUrl', databaseUrl);
  project.provide('natsUrl', natsUrl);
  return async () => {
    for (const stop of stops.reverse()) await stop();
    await rm(root, { recursive: true, force: true });
  };
}
