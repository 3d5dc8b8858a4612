import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DependencyCheck, Liveness, WorkerReadiness } from '@oj/contracts';
import type { Envelope } from '../http/envelope';

/** One named readiness check of a worker process; a check that throws or hangs past the probe's timeout is down. */
export type WorkerCheck = () => Promise<DependencyCheck>;

export interface WorkerHealthOptions {
  /** The process as the reply names it, e.g. "projector" or "judge:judge-1". */
  readonly process: string;
  readonly host: string;
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly checks: Readonly<Record<string, WorkerCheck>>;
  readonly timeoutMs?: number;
}

export interface WorkerHealthServer {
  readonly port: number;
  close(): Promise<void>;
}

/** A probe must answer an orchestrator quickly even when a dependency hangs rather than refuses. */
const defaultTimeoutMs = 2000;

/**
 * Liveness and readiness of a process that serves no HTTP of its own (the projector, a judge), for an
 * orchestrator's probes (compose healthchecks, systemd watchers, a load balancer): `GET /health` is the process
 * answering at all and touches nothing; `GET /ready` runs every check at once and answers HOJ's envelope, HTTP 503
 * with `status: "not ready"` when any is down. node:http rather than Fastify: two fixed routes, and nothing more to
 * load at the boot of a process whose restart is on the path of recovery.
 */
export async function serveWorkerHealth(options: WorkerHealthOptions): Promise<WorkerHealthServer> {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, { status: 405, msg: 'only GET', data: null });
    } else if (path === '/health') {
      send(response, 200, { status: 200, msg: 'success', data: { status: 'up' } } satisfies Envelope<Liveness>);
    } else if (path === '/ready') {
      void readiness(options, timeoutMs).then((data) =>
        data.status === 'ready'
          ? send(response, 200, { status: 200, msg: 'success', data } satisfies Envelope<WorkerReadiness>)
          : send(response, 503, { status: 503, msg: 'not ready', data } satisfies Envelope<WorkerReadiness>),
      );
    } else {
      send(response, 404, { status: 404, msg: 'not found: /health and /ready only', data: null });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readiness(options: WorkerHealthOptions, timeoutMs: number): Promise<WorkerReadiness> {
  const names = Object.keys(options.checks);
  const results = await Promise.all(names.map((name) => boundedCheck(options.checks[name], timeoutMs)));
  const checks = Object.fromEntries(names.map((name, index) => [name, results[index] ?? 'down']));
  const ready = results.every((result) => result !== 'down');
  return { status: ready ? 'ready' : 'not ready', process: options.process, checks };
}

/** A check's answer, or 'down' when it throws or has not answered within `timeoutMs` (every probe's bound). */
export async function boundedCheck(check: WorkerCheck | undefined, timeoutMs: number): Promise<DependencyCheck> {
  if (!check) return 'down';
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<DependencyCheck>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  const checked = check().catch((): DependencyCheck => 'down');
  try {
    return await Promise.race([checked, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function send(response: ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}
