/* eslint-disable max-lines -- one fault-injection run (load, kills, recovery clock, final audits) reads best as one story. */
/**
 * Fault injection against the stack `npm start` runs (issue 14 item 2): scripts/stack/stack.ts with its own
 * embedded PostgreSQL and nats-server under a temporary DATA_DIR (never the test run's shared ones), under a
 * steady load of practice and contest submissions. Each round kills every chosen component once with SIGKILL
 * at a random moment and times how long until the supervisor has it back and a new submission is judged and
 * visible through the API. At the end it checks what must hold whatever died:
 *
 * - every submission the API accepted has exactly one final verdict event (none lost, none doubled);
 * - no event is stored twice (event ids are unique);
 * - every read model equals a rebuild from the events (rebuildProjection, what `npm run projections:rebuild`
 *   runs), table by table.
 *
 *   const report = await runChaos({ rounds: 1, components: ['judge-1', 'projector', 'nats', 'postgres'] });
 *   console.log(report.table);
 *
 * Used by tests/e2e/chaos.e2e.test.ts (short: one kill each) and `npm run chaos` (CHAOS_ROUNDS, default 3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createEventStore, type RecordedEvent } from '@oj/events';
import { settledHeadAfterCommits } from '@oj/events/testing';
import { checkpointsReached, createKysely, createPool, findFreePort } from '@oj/platform';
import { projections, rebuildProjection } from '@oj/projector';
import type pg from 'pg';
import { loadStackConfig } from '../../scripts/stack/config';
import { bundleService } from '../../scripts/stack/service-bundle';
import { startStack, type RunningStack } from '../../scripts/stack/stack';
import { consoleStackLog, memoryStackLog, type StackLog } from '../../scripts/stack/stack-log';
import { aPlusBProblemBody } from './journeys';

export type ChaosComponent = 'judge-1' | 'projector' | 'nats' | 'postgres';

export interface ChaosOptions {
  /** Kills of each component. */
  readonly rounds: number;
  readonly components: readonly ChaosComponent[];
  /** Pause between two submissions of the load. Default 400 ms. */
  readonly loadIntervalMs?: number;
  /** A kill falls at a random moment this long after the previous recovery. Default 500 to 2500 ms. */
  readonly killDelayMs?: readonly [number, number];
  /** Seed of the random moments (printed in the report, so a run can be repeated). */
  readonly seed?: number;
  /** Print the stack's log lines as they come. */
  readonly verbose?: boolean;
  /**
   * Then kills the API process this many times: `npm start`'s launcher (scripts/stack/main.ts, which serves the
   * API) run as a child on the same DATA_DIR, SIGKILLed and started again at once by this harness, as systemd's
   * `Restart=always` would. Its PostgreSQL and nats-server outlive it; the next start must clear them. Default 0.
   */
  readonly launcherKills?: number;
}

export interface ChaosRow {
  readonly component: string;
  readonly kills: number;
  /** Kill to "site answers and judges again", one per kill; Infinity when it never did within the limit. */
  readonly recoveryMs: readonly number[];
  readonly submissions: number;
  readonly lost: number;
  readonly doubled: number;
}

export interface ChaosReport {
  readonly seed: number;
  readonly rows: readonly ChaosRow[];
  readonly submissions: number;
  readonly lost: readonly number[];
  readonly doubled: readonly number[];
  /** Submissions the API refused while a dependency was down (503s): the client was told, nothing lost. */
  readonly refused: number;
  /** Replies with HTTP 500 during the run: a dependency error that was not classified as 503. */
  readonly serverErrors: readonly string[];
  readonly duplicatedEventIds: readonly string[];
  /** `projection.table` for every table whose rows differ from a rebuild. */
  readonly readModelMismatches: readonly string[];
  /** How many read-model tables were compared with their rebuild. */
  readonly tablesCompared: number;
  readonly restarts: Readonly<Record<string, number>>;
  readonly table: string;
  readonly logs: readonly string[];
}

/** The most a recovery may take (issue 14); the wait for one gives up a little later to measure overshoot. */
export const recoveryLimitMs = 30_000;
const recoveryGiveUpMs = 60_000;
const rootPassword = 'root-chaos-password';
const inProgress = new Set([5, 6, 7]);
const aPlusB = 'a, b = map(int, input().split())\nprint(a + b)\n';
const stacksDir = path.resolve(import.meta.dirname, '../../.tmp/chaos');

interface Submission {
  readonly id: number;
  readonly at: number;
  readonly phase: string;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = mulberry32(seed);
  await mkdir(stacksDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(stacksDir, 'stack-'));
  // The judge's sandbox runs as an unprivileged uid that must traverse DATA_DIR (platform.md §1.2).
  await chmod(dataDir, 0o755);
  const memory = memoryStackLog(2000);
  const log: StackLog = options.verbose ? tee(memory, consoleStackLog()) : memory;
  const env = {
    PORT: '0',
    DATA_DIR: dataDir,
    ROOT_PASSWORD: rootPassword,
    JUDGE_WORKERS: '2',
    DEMO: '0',
    // Warnings would be every 503 while PostgreSQL restarts; errors (and the supervisor's lines) still show.
    LOG_LEVEL: 'error',
  };
  let stack: RunningStack | undefined;
  try {
    stack = await startStack(loadStackConfig(env), { log, childEnv: env });
    const report = await underLoad(stack, options, seed, random, memory.lines);
    await stack.stop();
    stack = undefined;
    if (!options.launcherKills) return report;
    const launcher = await killTheLauncher(dataDir, env, options, random, memory);
    const rows = [...report.rows, launcher.row];
    const submissions = report.submissions + launcher.submissions;
    const refused = report.refused + launcher.refused;
    return {
      ...report,
      rows,
      submissions,
      refused,
      lost: [...report.lost, ...launcher.verdicts.lost],
      doubled: [...report.doubled, ...launcher.verdicts.doubled],
      serverErrors: [...report.serverErrors, ...launcher.serverErrors],
      duplicatedEventIds: launcher.verdicts.duplicatedEventIds,
      readModelMismatches: [...report.readModelMismatches, ...launcher.mismatches],
      table: formatTable(rows, seed, submissions, refused, report.tablesCompared),
    };
  } finally {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** The API process phase (ChaosOptions.launcherKills); checks the whole history again at its end. */
async function killTheLauncher(
  dataDir: string,
  env: Readonly<Record<string, string>>,
  options: ChaosOptions,
  random: () => number,
  log: StackLog & { readonly lines: readonly string[] },
) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Vite puts BASE_URL=/ into the test process's environment; for the launcher it is the site's public URL.
  const { BASE_URL: _vite, ...inherited } = process.env;
  const launcherEnv = { ...inherited, ...env, PORT: String(port) };
  // The launcher's bundle, as start.sh runs it.
  const launcherBundle = (await bundleService('scripts/stack/main.ts')).path;
  const launch = (): { child: ChildProcess; exited: Promise<void> } => {
    // Its own process group, as under start.sh; only the launcher's pid is killed, like a crash of the API.
    const child = spawn(process.execPath, ['--enable-source-maps', launcherBundle], {
      cwd: repositoryRoot,
      env: launcherEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => log.line('launcher', line));
    }
    return { child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
  };
  const api = client(baseUrl);
  let launcher = launch();
  try {
    await waitUntilReady(api, Date.now() + 180_000, log.lines);
    const token = await api.logIn('root', rootPassword);
    const submissions: Submission[] = [];
    const serverErrors: string[] = [];
    let refused = 0;
    const submit = async (): Promise<number | undefined> => {
      const body = { pid: 'CHAOS', cid: 0, language: 'Python3', code: aPlusB, gid: null, tid: null, isRemote: false };
      const reply = await api.send<{ submitId: number }>('POST', '/api/submit-problem-judge', token, body);
      if (reply.httpStatus === 200 && reply.body?.status === 200 && reply.body.data) {
        submissions.push({ id: reply.body.data.submitId, at: Date.now(), phase: 'api' });
        return reply.body.data.submitId;
      }
      if (reply.httpStatus >= 500 && reply.httpStatus !== 503) serverErrors.push(`api: ${reply.text.slice(0, 200)}`);
      refused += 1;
      return undefined;
    };
    let loading = true;
    const load = (async () => {
      while (loading) {
        // Refused while the launcher is down (connection refused): counted, not lost.
        await submit().catch(() => {
          refused += 1;
        });
        await pause(options.loadIntervalMs ?? 400);
      }
    })();
    const recoveryMs: number[] = [];
    const [minDelay, maxDelay] = options.killDelayMs ?? [500, 2500];
    for (let kill = 0; kill < (options.launcherKills ?? 0); kill++) {
      await pause(minDelay + random() * (maxDelay - minDelay));
      const killedAt = Date.now();
      launcher.child.kill('SIGKILL');
      await launcher.exited;
      launcher = launch();
      recoveryMs.push(await timeToRecover(Promise.resolve(0), killedAt, () => submit(), api, token));
    }
    loading = false;
    await load;
    const databaseUrl = await launcherDatabaseUrl(dataDir);
    const verdicts = await finalVerdicts(databaseUrl, submissions);
    const { mismatches } = await compareWithRebuild(databaseUrl);
    const row: ChaosRow = {
      component: 'api (launcher)',
      kills: recoveryMs.length,
      recoveryMs,
      submissions: submissions.length,
      lost: verdicts.lost.length,
      doubled: verdicts.doubled.length,
    };
    return { row, verdicts, mismatches, submissions: submissions.length, refused, serverErrors };
  } finally {
    launcher.child.kill('SIGTERM');
    const stopped = await Promise.race([launcher.exited.then(() => true), pause(60_000).then(() => false)]);
    if (!stopped) launcher.child.kill('SIGKILL');
  }
}

async function waitUntilReady(api: ApiClient, deadline: number, logs: readonly string[]): Promise<void> {
  while (Date.now() < deadline) {
    const reply = await api.send('GET', '/api/ready', '').catch(() => undefined);
    if (reply?.httpStatus === 200) return;
    await pause(250);
  }
  throw new Error(`the launcher did not become ready:\n${logs.slice(-40).join('\n')}`);
}

/** The service role's URL of the launcher's embedded PostgreSQL: its port from postmaster.pid (line 4). */
async function launcherDatabaseUrl(dataDir: string): Promise<string> {
  const lock = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = lock.split('\n')[3]?.trim();
  const password = (await readFile(path.join(dataDir, 'secrets', 'postgres-service-password'), 'utf8')).trim();
  return `postgres://oj_service:${encodeURIComponent(password)}@127.0.0.1:${port}/oj`;
}

async function underLoad(
  stack: RunningStack,
  options: ChaosOptions,
  seed: number,
  random: () => number,
  logs: readonly string[],
): Promise<ChaosReport> {
  const api = client(stack.baseUrl);
  const token = await api.logIn('root', rootPassword);
  await api.call('PUT', '/api/admin/switch/update', token, { defaultSubmitInterval: 0 });
  const problemId = 'CHAOS';
  await api.call(
    'POST',
    '/api/admin/problem',
    token,
    aPlusBProblemBody({ problemId, title: 'A+B', languages: ['Python3'] }),
  );
  const problems = await api.call<{ records: { pid: number; problemId: string }[] }>(
    'GET',
    '/api/get-problem-list?limit=10&currentPage=1',
    token,
  );
  const pid = problems.data?.records.find((row) => row.problemId === problemId)?.pid;
  if (pid === undefined) throw new Error('the chaos problem is not listed');
  const cid = await createRunningContest(api, token);
  await api.call('POST', '/api/admin/contest/add-problem-from-public', token, { cid, pid, displayId: 'A' });

  const submissions: Submission[] = [];
  const serverErrors: string[] = [];
  let refused = 0;
  let phase = 'baseline';
  const submit = async (contest: boolean): Promise<number | undefined> => {
    const body = contest
      ? { pid: 'A', cid, language: 'Python3', code: aPlusB, gid: null, tid: null, isRemote: false }
      : { pid: problemId, cid: 0, language: 'Python3', code: aPlusB, gid: null, tid: null, isRemote: false };
    const reply = await api.send<{ submitId: number }>('POST', '/api/submit-problem-judge', token, body);
    if (reply.httpStatus === 200 && reply.body?.status === 200 && reply.body.data) {
      submissions.push({ id: reply.body.data.submitId, at: Date.now(), phase });
      return reply.body.data.submitId;
    }
    if (reply.httpStatus >= 500 && reply.httpStatus !== 503) serverErrors.push(`${phase}: ${reply.text.slice(0, 200)}`);
    refused += 1;
    return undefined;
  };

  // The steady load: practice and contest submissions in turn until the kills are done.
  let loading = true;
  const load = (async () => {
    for (let turn = 0; loading; turn++) {
      await submit(turn % 2 === 1).catch(() => {
        refused += 1;
      });
      await pause(options.loadIntervalMs ?? 400);
    }
  })();

  const recoveries = new Map<string, number[]>();
  const [minDelay, maxDelay] = options.killDelayMs ?? [500, 2500];
  for (let round = 0; round < options.rounds; round++) {
    for (const name of options.components) {
      const component = stack.components.find((candidate) => candidate.name === name);
      if (!component) throw new Error(`no supervised component named ${name}`);
      await pause(minDelay + random() * (maxDelay - minDelay));
      const restarted = component.nextStart();
      const killedPid = component.pid;
      phase = name;
      const killedAt = Date.now();
      process.kill(killedPid, 'SIGKILL');
      const recoveryMs = await timeToRecover(restarted, killedAt, submit, api, token);
      recoveries.set(name, [...(recoveries.get(name) ?? []), recoveryMs]);
    }
  }
  loading = false;
  await load;

  const verdicts = await finalVerdicts(stack.databaseUrl, submissions);
  const { mismatches: readModelMismatches, tablesCompared } = await compareWithRebuild(stack.databaseUrl);
  const rows = [...options.components].map((component): ChaosRow => {
    const mine = submissions.filter((submission) => submission.phase === component);
    return {
      component,
      kills: recoveries.get(component)?.length ?? 0,
      recoveryMs: recoveries.get(component) ?? [],
      submissions: mine.length,
      lost: mine.filter((submission) => verdicts.lost.includes(submission.id)).length,
      doubled: mine.filter((submission) => verdicts.doubled.includes(submission.id)).length,
    };
  });
  return {
    seed,
    rows,
    submissions: submissions.length,
    lost: verdicts.lost,
    doubled: verdicts.doubled,
    refused,
    serverErrors,
    duplicatedEventIds: verdicts.duplicatedEventIds,
    readModelMismatches,
    tablesCompared,
    restarts: Object.fromEntries(stack.components.map((component) => [component.name, component.restarts])),
    table: formatTable(rows, seed, submissions.length, refused, tablesCompared),
    logs,
  };
}

/**
 * From the kill until the supervisor has started the component again and a submission made after the kill
 * (retried while the API refuses it) is judged and its verdict readable through the API.
 */
async function timeToRecover(
  restarted: Promise<number>,
  killedAt: number,
  submit: (contest: boolean) => Promise<number | undefined>,
  api: ApiClient,
  token: string,
): Promise<number> {
  const deadline = killedAt + recoveryGiveUpMs;
  const back = await Promise.race([restarted.then(() => true), pause(recoveryGiveUpMs).then(() => false)]);
  if (!back) return Infinity;
  let probe: number | undefined;
  while (probe === undefined && Date.now() < deadline) {
    probe = await submit(false).catch(() => undefined);
    if (probe === undefined) await pause(200);
  }
  while (probe !== undefined && Date.now() < deadline) {
    const reply = await api
      .send<Record<string, { status: number }>>('POST', '/api/check-submissions-status', token, {
        submitIds: [probe],
        cid: 0,
      })
      .catch(() => undefined);
    const status = reply?.body?.data?.[String(probe)]?.status;
    if (status !== undefined && !inProgress.has(status)) return Date.now() - killedAt;
    await pause(200);
  }
  return Infinity;
}

interface Verdicts {
  readonly lost: number[];
  readonly doubled: number[];
  readonly duplicatedEventIds: string[];
}

/** Waits (bounded) for every accepted submission's final verdict in the event store, then counts them. */
async function finalVerdicts(databaseUrl: string, submissions: readonly Submission[]): Promise<Verdicts> {
  const store = await createEventStore({ databaseUrl });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const events = await store.readAll();
      const finals = countFinals(events);
      const waiting = submissions.filter((submission) => (finals.get(submission.id) ?? 0) === 0);
      if (waiting.length === 0 || Date.now() > deadline) {
        const ids = events.map((event) => event.id);
        const seen = new Set<string>();
        const duplicatedEventIds = ids.filter((id) => seen.size === seen.add(id).size);
        return {
          lost: waiting.map((submission) => submission.id),
          doubled: submissions
            .filter((submission) => (finals.get(submission.id) ?? 0) > 1)
            .map((submission) => submission.id),
          duplicatedEventIds,
        };
      }
      await pause(500);
    }
  } finally {
    await store.close();
  }
}

/** Final verdicts of the first attempt (nobody rejudges here): SubmissionJudged or SubmissionJudgingFailed. */
function countFinals(events: readonly RecordedEvent[]): Map<number, number> {
  const finals = new Map<number, number>();
  for (const event of events) {
    if (event.type !== 'SubmissionJudged' && event.type !== 'SubmissionJudgingFailed') continue;
    const data = event.data as { submissionId: number; attempt: number };
    if (data.attempt !== 0) continue;
    finals.set(data.submissionId, (finals.get(data.submissionId) ?? 0) + 1);
  }
  return finals;
}

/**
 * Once the projector has caught up with the head, every projection's tables are read, rebuilt from the events
 * (rebuildProjection: fresh tables, swapped in) and read again; any difference is a read model that a crash
 * left different from what the events say.
 */
async function compareWithRebuild(databaseUrl: string): Promise<{ mismatches: string[]; tablesCompared: number }> {
  const pool = createPool(databaseUrl, { max: 3, applicationName: 'oj-chaos' });
  const store = await createEventStore({ databaseUrl });
  const db = createKysely(pool);
  try {
    const head = await settledHeadAfterCommits(store, pool);
    if (!(await checkpointsReached(pool, head, { timeoutMs: 60_000 }))) {
      return { mismatches: [`the projector did not reach position ${head} within 60 s`], tablesCompared: 0 };
    }
    const mismatches: string[] = [];
    let tablesCompared = 0;
    for (const projection of projections) {
      const before = await snapshot(pool, projection.tables);
      await rebuildProjection({ db, store, projection });
      const after = await snapshot(pool, projection.tables);
      for (const table of projection.tables) {
        tablesCompared += 1;
        if (before.get(table) !== after.get(table)) mismatches.push(`${projection.name}.${table}`);
      }
    }
    return { mismatches, tablesCompared };
  } finally {
    await store.close();
    await pool.end();
  }
}

/** Every row of each table as JSON, sorted: the same rows in any physical order compare equal. */
async function snapshot(pool: pg.Pool, tables: readonly string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const table of tables) {
    const rows = await pool.query<{ row: string }>(`select row_to_json(t)::text as row from "${table}" t`);
    result.set(
      table,
      rows.rows
        .map((row) => row.row)
        .sort()
        .join('\n'),
    );
  }
  return result;
}

async function createRunningContest(api: ApiClient, token: string): Promise<number> {
  const now = Date.now();
  const title = 'Chaos Cup';
  await api.call('POST', '/api/admin/contest', token, {
    title,
    type: 0,
    auth: 0,
    description: 'submissions under fault injection',
    startTime: new Date(now - 60_000).toISOString(),
    endTime: new Date(now + 6 * 3_600_000).toISOString(),
    duration: 6 * 3600 + 60,
    sealRank: false,
    sealRankTime: null,
    oiRankScoreType: 'Recent',
  });
  const list = await api.call<{ records: { id: number; title: string }[] }>(
    'GET',
    `/api/admin/contest/get-contest-list?currentPage=1&limit=10&keyword=${encodeURIComponent(title)}`,
    token,
  );
  const cid = list.data?.records.find((row) => row.title === title)?.id;
  if (cid === undefined) throw new Error('the chaos contest is not listed');
  return cid;
}

export function formatTable(
  rows: readonly ChaosRow[],
  seed: number,
  submissions: number,
  refused: number,
  tablesCompared: number,
): string {
  const header = ['component', 'kills', 'recover max', 'recover p50', 'submissions', 'lost', 'doubled'];
  const lines = rows.map((row) => [
    row.component,
    String(row.kills),
    row.kills === 0 ? '-' : seconds(Math.max(...row.recoveryMs)),
    row.kills === 0 ? '-' : seconds(median(row.recoveryMs)),
    String(row.submissions),
    String(row.lost),
    String(row.doubled),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [
    format(header),
    format(widths.map((width) => '-'.repeat(width))),
    ...lines.map(format),
    `seed ${seed}; ${submissions} submissions accepted, ${refused} refused while a dependency was down; ` +
      `${tablesCompared} read-model tables compared with a rebuild`,
  ].join('\n');
}

function seconds(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never';
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

interface ApiClient {
  logIn(username: string, password: string): Promise<string>;
  send<Data>(
    method: string,
    pathname: string,
    token: string,
    body?: unknown,
  ): Promise<{ httpStatus: number; text: string; body: { status: number; msg: string; data: Data | null } | null }>;
  /** send, throwing unless the envelope says 200. */
  call<Data>(method: string, pathname: string, token: string, body?: unknown): Promise<{ data: Data | null }>;
}

function client(baseUrl: string): ApiClient {
  const send: ApiClient['send'] = async (method, pathname, token, body) => {
    const headers: Record<string, string> = { authorization: token };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(pathname, baseUrl), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let parsed = null;
    try {
      parsed = JSON.parse(text) as never;
    } catch {
      // Not an envelope: left null, the status tells.
    }
    return { httpStatus: response.status, text, body: parsed };
  };
  return {
    send,
    call: async (method, pathname, token, body) => {
      const reply = await send<never>(method, pathname, token, body);
      if (reply.body?.status !== 200) throw new Error(`${method} ${pathname}: ${reply.httpStatus} ${reply.text}`);
      return { data: reply.body.data };
    },
    logIn: async (username, password) => {
      const response = await fetch(new URL('/api/login', baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return response.headers.get('authorization') ?? '';
    },
  };
}

/** Waits out a time the harness chose (a random kill moment, a polling interval), not a guess at readiness. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small seeded generator, so a run's random kill moments can be replayed with its seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tee(...logs: StackLog[]): StackLog {
  return {
    info: (source, message) => logs.forEach((log) => log.info(source, message)),
    warn: (source, message) => logs.forEach((log) => log.warn(source, message)),
    error: (source, message) => logs.forEach((log) => log.error(source, message)),
    line: (source, text) => logs.forEach((log) => log.line(source, text)),
  };
}
