import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { checkpointsReached, findFreePort, migrateDatabase, restrictBlobPermissions, systemClock } from '@oj/platform';
import { randomUUID } from 'node:crypto';
import { ensureRootUser, seedDemoProblems, type AwaitProjections } from '@oj/command';
import { buildApiServer, type ApiServer } from './api-server';
import { childEnvironment } from './child-environment';
import { spawnChild, type RunningChild } from './child-process';
import type { StackConfig } from './config';
import { registerProjectionCheckpoints, waitForProjectorCatchUp } from './projector-readiness';
import { startInfrastructure, type Infrastructure } from './infrastructure';
import { resolveJwtSecret } from './secrets';
import type { StackLog } from './stack-log';
import { supervise, type SupervisedProcess, type Supervision } from './supervisor';
import { judgeCompileSubject, judgeReportSubject, workerProcesses } from './worker-processes';

export interface StackOptions {
  readonly log: StackLog;
  /** The built web app; defaults to web/dist. */
  readonly webDistDir?: string;
  /** Extra environment for the child processes (tests pass queue names here); resolved stack settings win. */
  readonly childEnv?: Readonly<Record<string, string>>;
}

export interface RunningStack {
  /** e.g. http://127.0.0.1:8080, without a trailing slash. */
  readonly baseUrl: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly server: FastifyInstance;
  /** Every route of the API server (method and url), as Fastify registered them. */
  readonly routes: ApiServer['routes'];
  /** The supervised child processes (projector, judge-1 …); `pid` is the current incarnation's. */
  readonly children: readonly SupervisedProcess[];
  /** Every supervised process: postgres and nats (when started here), then the children. */
  readonly components: readonly SupervisedProcess[];
  /**
   * Rejects only when a supervised process cannot be brought back (many restarts failed in a row): anything
   * that dies is restarted with backoff (supervisor.ts, docs/architecture.md "Supervision").
   */
  readonly failed: Promise<never>;
  /** HTTP server, then workers, then nats, then Postgres; safe to call twice. */
  stop(): Promise<void>;
}

/** A shutdown step that hangs (a stuck connection, a listener that never settles) must not keep the rest up. */
const stopStepMs = 20_000;

/** Runs one shutdown step; a failure or a hang is logged and the next step (ultimately Postgres) still runs. */
async function boundedStep(step: () => Promise<void>, log: StackLog): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), stopStepMs);
  });
  try {
    const outcome = await Promise.race([step().then(() => 'done' as const), hung]);
    if (outcome === 'hung') log.error('stack', `a shutdown step did not finish within ${stopStepMs} ms; going on`);
  } catch (error) {
    log.error('stack', `a shutdown step failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A first start replays nothing; a restart replays what arrived while it was down. Generous for a 2-core machine. */
const projectorCatchUpMs = 120_000;

/** The composition root shared by `npm start` (main.ts) and the e2e/browser harness (tests/support/stack.ts). */
export async function startStack(config: StackConfig, options: StackOptions): Promise<RunningStack> {
  const { log } = options;
  await mkdir(config.dataDir, { recursive: true });
  const infrastructure = await startInfrastructure(config, log);
  const stops: (() => Promise<void>)[] = [() => infrastructure.stop()];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await boundedStep(stop, log);
  };
  try {
    return await startServices(config, options, infrastructure, stops, stopAll);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startServices(
  config: StackConfig,
  options: StackOptions,
  infrastructure: Infrastructure,
  stops: (() => Promise<void>)[],
  stopAll: () => Promise<void>,
): Promise<RunningStack> {
  const { log } = options;
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  await restrictBlobPermissions(config.dataDir);
  const applied = await migrateDatabase(infrastructure.databaseUrl);
  log.info('migrations', applied.length === 0 ? 'read models up to date' : `applied ${applied.join(', ')}`);
  const childEnv = childEnvironment(config, infrastructure, options.childEnv);
  const { children, projector } = await startWorkers(config, childEnv, log, stops);
  const { api, port, baseUrl } = await startApi(config, options, infrastructure, jwtSecret, childEnv, stops);
  await bringReadModelsUp(config, api, projector, log);
  await api.server.listen({ host: config.host, port });

  let stopping: Promise<void> | undefined;
  const components = [...infrastructure.components, ...children];
  retryWhenDependenciesReturn(infrastructure, children, () => stopping !== undefined, log);
  const stop = () =>
    (stopping ??= (async () => {
      // From here on a process that dies stays dead: the ordered stop below takes care of it.
      for (const component of components) component.holdRestarts();
      await stopAll();
    })());
  return {
    baseUrl,
    port,
    dataDir: config.dataDir,
    databaseUrl: infrastructure.databaseUrl,
    natsUrl: infrastructure.natsUrl,
    server: api.server,
    routes: api.routes,
    children,
    components,
    failed: infrastructure.gaveUp,
    stop,
  };
}

/** Spawns the projector and the judge workers, each under a supervisor; the projector's first run is returned. */
async function startWorkers(
  config: StackConfig,
  childEnv: Record<string, string>,
  log: StackLog,
  stops: (() => Promise<void>)[],
): Promise<{ readonly children: Supervision[]; readonly projector: RunningChild | undefined }> {
  const children: Supervision[] = [];
  stops.push(async () => {
    if (children.length > 0) log.info('stack', `stopping ${children.map((child) => child.name).join(', ')}`);
    await Promise.all(children.map((child) => child.stop()));
  });
  let projector: RunningChild | undefined;
  // Side by side: each spawn first checks (or builds) its bundle, and one after another they took a second.
  const specs = workerProcesses(config, childEnv, log);
  const spawned = await Promise.allSettled(specs.map((spec) => spawnChild(spec, log)));
  specs.forEach((spec, index) => {
    const first = spawned[index];
    if (first?.status !== 'fulfilled') return;
    if (spec.name === 'projector') projector = first.value;
    // A restarted projector resumes from its checkpoints; a restarted judge finds its redelivered task.
    children.push(supervise(spec.name, first.value, async () => spawnChild(spec, log), { log }));
    log.info(spec.name, `started ${spec.entry}`);
  });
  // The ones that did start are in `children`, so the caller's stop reaches them.
  const failed = spawned.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return { children, projector };
}

/** Builds the command and query APIs in this process (not listening yet). */
async function startApi(
  config: StackConfig,
  options: StackOptions,
  infrastructure: Infrastructure,
  jwtSecret: string,
  childEnv: Record<string, string>,
  stops: (() => Promise<void>)[],
): Promise<{ readonly api: ApiServer; readonly port: number; readonly baseUrl: string }> {
  const { log } = options;
  // The port is fixed before the APIs are built: mails link to it until an admin sets the site's baseUrl.
  const port = config.port === 0 ? await findFreePort(config.host) : config.port;
  const baseUrl = `http://${displayHost(config.host)}:${port}`;
  const api = await buildApiServer({
    config,
    databaseUrl: infrastructure.databaseUrl,
    jwtSecret,
    baseUrl: config.baseUrl ?? baseUrl,
    log,
    ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
    natsUrl: infrastructure.natsUrl || undefined,
    judgeCompileSubject: judgeCompileSubject(childEnv),
    judgeReportSubject: judgeReportSubject(childEnv),
  });
  stops.push(async () => {
    log.info('api', 'closing the HTTP server');
    await api.close();
  });
  return { api, port, baseUrl };
}

/** Before the port opens: the read models caught up, the root user and the demo problems in place. */
async function bringReadModelsUp(
  config: StackConfig,
  api: ApiServer,
  projector: RunningChild | undefined,
  log: StackLog,
): Promise<void> {
  if (projector) {
    await registerProjectionCheckpoints(api.db);
    log.info('projector', 'waiting for the read models to catch up');
    await waitForProjectorCatchUp(api.pool, api.store, projector, projectorCatchUpMs);
  }
  await createRootUser(config, api, projector !== undefined, log);
  if (config.demo) await addDemoProblems(api, projector !== undefined, log);
}

/**
 * A projector or judge that died with PostgreSQL or nats-server (and kept dying while it was down, its backoff
 * growing towards 30 s) is started again the moment the dependency is back.
 */
function retryWhenDependenciesReturn(
  infrastructure: Infrastructure,
  children: readonly Supervision[],
  isStopping: () => boolean,
  log: StackLog,
): void {
  for (const dependency of infrastructure.components) {
    void (async () => {
      for (;;) {
        await dependency.nextStart();
        if (isStopping()) return;
        log.info(dependency.name, 'back: restarting what waits on it now');
        for (const child of children) child.retryNow();
      }
    })();
  }
}

/**
 * The variables the child processes (projector, judge workers) read in their config.ts, resolved. Each gets only
 * what it uses (review F12): the JWT key, the root password and the mail settings stay in this process, which
 * serves the APIs; the judge runs untrusted programs and the projector needs neither. The database URL is the
 * service role's (not a superuser) when Postgres is the embedded one.
 */

/** DESIGN.md "Configuration": the first start creates `root`; a generated password is shown this once only. */
async function createRootUser(config: StackConfig, api: ApiServer, hasProjector: boolean, log: StackLog) {
  const outcome = await ensureRootUser({
    store: api.store,
    password: config.rootPassword,
    ...(hasProjector ? { awaitProjections: untilProjected(api) } : {}),
  });
  if (!outcome.created) return;
  if (outcome.generated) {
    log.info('root', `created the super admin "root" with the password ${outcome.password} (shown only this once)`);
  } else {
    log.info('root', 'created the super admin "root" with ROOT_PASSWORD');
  }
}

/**
 * The port opens only once root can act: a request's read-your-writes wait gives up after 3 s, but under load the
 * first projection of root can take longer, and root's first admin call would then find no account (401).
 */
function untilProjected(api: ApiServer): AwaitProjections {
  return async (position, eventTypes) => {
    const reached = await checkpointsReached(api.pool, position, {
      timeoutMs: projectorCatchUpMs,
      ...(eventTypes ? { eventTypes } : {}),
    });
    if (!reached) throw new Error(`the projector did not reach position ${position} within ${projectorCatchUpMs} ms`);
  };
}

/** A wildcard listen address is not somewhere a browser can go; loopback is. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Issue 4 deliverable 7: a site that never had a problem starts with a few to submit to (DEMO=0 skips). */
async function addDemoProblems(api: ApiServer, hasProjector: boolean, log: StackLog) {
  const added = await seedDemoProblems({
    store: api.store,
    db: api.db,
    blobs: api.blobs,
    clock: systemClock,
    newId: randomUUID,
    awaitProjections: hasProjector ? api.awaitProjections : async () => undefined,
  });
  if (added > 0) log.info('demo', `added ${added} demo problems (set DEMO=0 to start without them)`);
}
