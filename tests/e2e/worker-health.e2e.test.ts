import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerReadinessReply, type WorkerReadiness } from '@oj/contracts';
import { findFreePort } from '@oj/platform';
import { startEmbeddedPostgres, startNatsServer } from '@oj/platform/testing';
import { definedOnly, spawnChild, type RunningChild } from '../../scripts/stack/child-process';
import { memoryStackLog } from '../../scripts/stack/stack-log';

/**
 * The health endpoints of the processes that serve no HTTP of their own (issue 14: "health and readiness endpoints
 * for each process"), as an orchestrator probes them on a host of their own: the projector and a judge started as
 * `npm start` starts them, each with HEALTH_PORT, against a PostgreSQL and a nats-server of this test's; then each
 * dependency is stopped and the probes say so.
 */
const stacksDir = path.resolve(import.meta.dirname, '../../.tmp/worker-health');
let dataDir: string;
let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let nats: Awaited<ReturnType<typeof startNatsServer>>;
const children: RunningChild[] = [];
const log = memoryStackLog();

beforeAll(async () => {
  await mkdir(stacksDir, { recursive: true });
  dataDir = await mkdtemp(path.join(stacksDir, 'stack-'));
  await chmod(dataDir, 0o755);
  [postgres, nats] = await Promise.all([
    startEmbeddedPostgres(dataDir, await findFreePort()),
    startNatsServer(dataDir, await findFreePort()),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop(5_000)));
  await nats.stop();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function probe(port: number, probePath: string): Promise<{ status: number; body: { data: unknown } }> {
  const reply = await fetch(`http://127.0.0.1:${port}${probePath}`);
  return { status: reply.status, body: (await reply.json()) as { data: unknown } };
}

/** Polls /ready until `wanted` says yes (the process is starting, or a dependency is going down). */
async function readinessUntil(port: number, wanted: (readiness: WorkerReadiness, status: number) => boolean) {
  const deadline = Date.now() + 60_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const answer = await probe(port, '/ready').catch(() => undefined);
    if (answer) {
      const readiness = workerReadinessReply.parse(answer.body.data);
      if (wanted(readiness, answer.status)) return { readiness, status: answer.status };
      last = `${answer.status} ${JSON.stringify(readiness)}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`readiness never came: last ${last}\n${log.lines.join('\n')}`);
}

describe('worker health endpoints (issue 14)', () => {
  it('the projector and a judge answer /health and /ready, and name the dependency that went down', async () => {
    const [projectorPort, judgePort] = [await findFreePort(), await findFreePort()];
    const base = {
      ...definedOnly(process.env),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      LOG_LEVEL: 'warn',
    };
    children.push(
      await spawnChild(
        {
          name: 'projector',
          entry: 'services/projector/src/main.ts',
          env: { ...base, HEALTH_PORT: `${projectorPort}` },
        },
        log,
      ),
      await spawnChild(
        {
          name: 'judge-1',
          entry: 'services/judge/src/main.ts',
          env: {
            ...base,
            HEALTH_PORT: `${judgePort}`,
            JUDGE_WORKERS: '1',
            JUDGE_WORKER_NAME: 'judge-1',
            JUDGE_LANGUAGES: 'Python3',
          },
        },
        log,
      ),
    );

    // Ready once started: the projector follows the store, the judge holds its connections.
    const projectorReady = await readinessUntil(projectorPort, (readiness) => readiness.status === 'ready');
    expect(projectorReady).toEqual({
      status: 200,
      readiness: { status: 'ready', process: 'projector', checks: { database: 'up', events: 'up' } },
    });
    const judgeReady = await readinessUntil(judgePort, (readiness) => readiness.status === 'ready');
    expect(judgeReady).toEqual({
      status: 200,
      readiness: { status: 'ready', process: 'judge:judge-1', checks: { database: 'up', nats: 'up' } },
    });
    expect(await probe(judgePort, '/health')).toEqual({
      status: 200,
      body: { status: 200, msg: 'success', data: { status: 'up' } },
    });

    // nats-server gone: the judge is alive but not ready, and says why.
    await nats.stop();
    const judgeDown = await readinessUntil(judgePort, (readiness) => readiness.status === 'not ready');
    expect(judgeDown).toEqual({
      status: 503,
      readiness: { status: 'not ready', process: 'judge:judge-1', checks: { database: 'up', nats: 'down' } },
    });
    expect((await probe(judgePort, '/health')).status).toBe(200);

    // PostgreSQL gone: the projector is alive but not ready.
    await postgres.stop();
    const projectorDown = await readinessUntil(projectorPort, (readiness) => readiness.checks.database === 'down');
    expect(projectorDown.status).toBe(503);
    expect(projectorDown.readiness.status).toBe('not ready');
    expect((await probe(projectorPort, '/health')).status).toBe(200);
  }, 180_000);
});
