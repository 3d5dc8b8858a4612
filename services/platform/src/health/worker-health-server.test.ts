import { afterEach, describe, expect, it } from 'vitest';
import { livenessReply, workerReadinessReply, type DependencyCheck } from '@oj/contracts';
import { serveWorkerHealth, type WorkerCheck, type WorkerHealthServer } from './worker-health-server';

let server: WorkerHealthServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(checks: Record<string, WorkerCheck>) {
  server = await serveWorkerHealth({ process: 'judge:j1', host: '127.0.0.1', port: 0, checks, timeoutMs: 200 });
  return (path: string, method = 'GET') => fetch(`http://127.0.0.1:${server?.port}${path}`, { method });
}

const fixed = (state: DependencyCheck) => async () => state;

describe('serveWorkerHealth', () => {
  it('answers /health in the envelope, whatever the checks say', async () => {
    const get = await serve({ database: fixed('down') });

    const reply = await get('/health');

    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { status: number; data: unknown };
    expect(body.status).toBe(200);
    expect(livenessReply.parse(body.data)).toEqual({ status: 'up' });
  });

  it('is ready when no check is down, naming each', async () => {
    const get = await serve({ database: fixed('up'), nats: fixed('not configured') });

    const reply = await get('/ready');

    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { status: number; data: unknown };
    expect(workerReadinessReply.parse(body.data)).toEqual({
      status: 'ready',
      process: 'judge:j1',
      checks: { database: 'up', nats: 'not configured' },
    });
  });

  it('answers 503 when a check is down, throws or hangs past the timeout', async () => {
    const get = await serve({
      database: fixed('up'),
      nats: () => Promise.reject(new Error('connection refused')),
      events: () => new Promise<DependencyCheck>(() => undefined),
    });

    const reply = await get('/ready');

    expect(reply.status).toBe(503);
    const body = (await reply.json()) as { status: number; msg: string; data: unknown };
    expect(body).toMatchObject({ status: 503, msg: 'not ready' });
    expect(workerReadinessReply.parse(body.data)).toEqual({
      status: 'not ready',
      process: 'judge:j1',
      checks: { database: 'up', nats: 'down', events: 'down' },
    });
  });

  it('refuses other paths and methods in the envelope', async () => {
    const get = await serve({});

    expect((await get('/metrics')).status).toBe(404);
    expect((await get('/ready', 'POST')).status).toBe(405);
    expect(((await (await get('/nope')).json()) as { status: number }).status).toBe(404);
  });
});
