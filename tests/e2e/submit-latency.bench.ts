/* eslint-disable max-lines -- one bench run: the stack, the client journey per language and the per-hop table. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { submissionStream } from '@oj/events';
import { loadStackConfig } from '../../scripts/stack/config';
import { startStack, type RunningStack } from '../../scripts/stack/stack';
import { memoryStackLog } from '../../scripts/stack/stack-log';
import { aPlusBProblemBody } from '../support/a-plus-b-problem';

/**
 * `npm run bench -- latency`: A+B submitted BENCH_SUBMISSIONS (20) times one after another per language on an
 * otherwise idle stack (the one `npm start` runs: API, projector, BENCH_WORKERS judge processes, embedded
 * PostgreSQL and nats-server), by a client that does what the web app's submission page does: submit, subscribe
 * to `submission:<id>` on /api/ws, and re-read check-submissions-status on every push until the status is final.
 * End to end is from sending the submit to that read returning the verdict.
 *
 * Each hop is timed from what the run leaves behind, with no clock but this machine's: the events' recorded_at
 * (the appending transaction's start), the judge's `judgeTrace` metadata on the verdict (JetStream's publish
 * time of the task, then the worker's own marks), the projector's read_model_changed notifications (heard
 * here on a LISTEN of our own: the commit that made the verdict readable), and the client's own marks.
 */
const target = { language: 'Python3', p50Ms: 150 };

/**
 * `bare`: what the judge must do at least for this language, run straight from here (no sandbox, queue, store
 * or projection): the physical limit printed beside the figure, measured in the same run.
 */
const languages = [
  {
    name: 'Python3',
    code: 'a, b = map(int, input().split())\nprint(a + b)\n',
    source: 'main.py',
    bare: [['/usr/bin/python3', 'main.py']],
  },
  {
    name: 'C++',
    code: '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", a + b); }\n',
    source: 'main.cpp',
    bare: [
      ['/usr/bin/g++', '-DONLINE_JUDGE', '-w', '-fmax-errors=1', '-std=c++14', 'main.cpp', '-lm', '-o', 'main'],
      ['./main'],
    ],
  },
] as const;
const bareRepeats = 10;

const inProgress = new Set([5, 6, 7]);
const accepted = 0;
const warmUps = 2;
/** A verdict this late means the stack is broken, not slow: stop and print its log. */
const verdictTimeoutMs = 30_000;

/** The marks a judge leaves on the verdict's metadata (`judgeTrace`, JSON of epoch milliseconds). */
interface JudgeTrace {
  readonly queued?: number;
  readonly pulled?: number;
  readonly started?: number;
  readonly compiled?: number;
  readonly ran?: number;
  readonly judged?: number;
}

interface Sample {
  readonly totalMs: number;
  readonly hops: Record<string, number | undefined>;
}

export interface LatencyRow {
  readonly language: string;
  readonly what: string;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly target: string;
}

export async function runSubmitLatencyBench(): Promise<LatencyRow[]> {
  const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 20);
  const workers = Number(process.env.BENCH_WORKERS ?? 1);
  const root = path.resolve(import.meta.dirname, '../../.tmp');
  await mkdir(root, { recursive: true });
  const dataDir = await mkdtemp(path.join(root, 'latency-bench-'));
  // The sandbox uids must traverse DATA_DIR (platform.md §1.2).
  await chmod(dataDir, 0o755);
  const log = memoryStackLog();
  const rootPassword = 'latency-bench-root';
  const env: Record<string, string> = {
    PORT: '0',
    DATA_DIR: dataDir,
    ROOT_PASSWORD: rootPassword,
    JUDGE_WORKERS: String(workers),
    JUDGE_LANGUAGES: languages.map((language) => language.name).join(','),
    LOG_LEVEL: 'warn',
  };
  let stack: RunningStack | undefined;
  try {
    stack = await startStack(loadStackConfig(env), { log, childEnv: env });
    const client = await benchClient(stack, rootPassword);
    try {
      const rows: LatencyRow[] = [];
      console.log(
        `load average before: ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
      for (const language of languages) {
        for (let i = 0; i < warmUps; i++) await client.submitAndWait(language.name, language.code);
        const samples: Sample[] = [];
        const cpuBefore = await cpuOf(stack);
        for (let i = 0; i < submissions; i++) samples.push(await client.submitAndWait(language.name, language.code));
        const cpuAfter = await cpuOf(stack);
        rows.push(...summarise(language.name, samples));
        const bare = await bareMs(language, dataDir);
        rows.push({
          language: language.name,
          what: `  physical limit: ${language.bare.map((argv) => argv[0]).join(' + ')} straight from here (ms, ${bareRepeats} times)`,
          p50: round(percentile(bare, 0.5)),
          p90: round(percentile(bare, 0.9)),
          p99: round(percentile(bare, 0.99)),
          target: '',
        });
        // CPU time barely depends on what else the machine runs, unlike the waits above: compare these across runs.
        for (const [name, ms] of Object.entries(cpuAfter)) {
          const perSubmission = round((ms - (cpuBefore[name] ?? 0)) / submissions);
          rows.push({
            language: language.name,
            what: `  CPU ms per submission: ${name}`,
            p50: perSubmission,
            p90: NaN,
            p99: NaN,
            target: '',
          });
        }
      }
      console.log(
        `load average after: ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
      return rows;
    } finally {
      await client.close();
    }
  } catch (error) {
    console.error(log.lines.slice(-40).join('\n'));
    throw error;
  } finally {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * CPU milliseconds used so far by each process of the stack: this one (the API server and the bench client),
 * the projector, the judges (Node only: the sandbox's runs are children of its long-lived supervisor and are
 * not counted), and PostgreSQL (the postmaster with every backend, live or exited).
 */
/** Wall ms of the language's bare steps (compile, then run A+B on "1 2"), `bareRepeats` times. */
async function bareMs(language: (typeof languages)[number], dataDir: string): Promise<number[]> {
  const dir = await mkdtemp(path.join(dataDir, 'bare-'));
  await writeFile(path.join(dir, language.source), language.code);
  const times: number[] = [];
  for (let i = 0; i < bareRepeats; i += 1) {
    const started = performance.now();
    for (const [command, ...args] of language.bare) {
      const child = spawn(command, args, { cwd: dir, stdio: ['pipe', 'ignore', 'ignore'] });
      child.stdin.end('1 2\n');
      const [code] = (await once(child, 'close')) as [number | null];
      if (code !== 0) throw new Error(`${command} failed (${code}) outside the sandbox`);
    }
    times.push(performance.now() - started);
  }
  return times;
}

async function cpuOf(stack: RunningStack): Promise<Record<string, number>> {
  const own = process.cpuUsage();
  const figures: Record<string, number> = { 'api + client': (own.user + own.system) / 1000 };
  for (const child of stack.children) {
    const name = child.name.startsWith('judge') ? 'judge (node)' : child.name;
    figures[name] = (figures[name] ?? 0) + (await ticksOf(child.pid, true)) * tickMs;
  }
  const postgres = stack.components.find((component) => component.name === 'postgres');
  if (postgres) {
    let ticks = await ticksOf(postgres.pid, true);
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === postgres.pid) ticks += ticksFrom(fields, false);
    }
    figures.postgres = ticks * tickMs;
  }
  return figures;
}

/** USER_HZ is 100 on Linux. */
const tickMs = 10;

async function ticksOf(pid: number, withReapedChildren: boolean): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat ? ticksFrom(stat.slice(stat.lastIndexOf(')') + 2).split(' '), withReapedChildren) : 0;
}

/** Fields after the command name: utime is the 12th (index 11), then stime, cutime, cstime. */
function ticksFrom(fields: readonly string[], withReapedChildren: boolean): number {
  const at = (index: number) => Number(fields[index] ?? 0);
  return at(11) + at(12) + (withReapedChildren ? at(13) + at(14) : 0);
}

interface BenchClient {
  submitAndWait(language: string, code: string): Promise<Sample>;
  close(): Promise<void>;
}

interface MinimalSocket {
  on(event: 'open' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  send(text: string): void;
  close(): void;
}

async function benchClient(stack: RunningStack, rootPassword: string): Promise<BenchClient> {
  const api = async <Data>(pathname: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const reply = await fetch(`${stack.baseUrl}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await reply.json()) as { status: number; msg: string; data: Data };
    if (envelope.status !== 200) throw new Error(`${pathname}: ${envelope.status} ${envelope.msg}`);
    return { data: envelope.data, authorization: reply.headers.get('authorization') ?? '' };
  };
  const token = (await api('/api/login', { username: 'root', password: rootPassword })).authorization;
  const switched = await fetch(`${stack.baseUrl}/api/admin/switch/update`, {
    method: 'PUT',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ defaultSubmitInterval: 0 }),
  });
  if (!switched.ok) throw new Error(`lifting the submit interval failed: ${switched.status}`);
  await api(
    '/api/admin/problem',
    aPlusBProblemBody({
      problemId: 'LAT1',
      title: 'Latency A+B',
      languages: languages.map((language) => language.name),
    }),
    token,
  );

  // The projector's commits, as the query service hears them (same channel, our own connection).
  const listener = new pg.Client({ connectionString: stack.databaseUrl });
  await listener.connect();
  const projected: { at: number; position: bigint; topics: readonly string[] }[] = [];
  const appended: number[] = [];
  listener.on('notification', (message) => {
    if (message.channel === 'event_store_appended') appended.push(Date.now());
    if (message.channel !== 'read_model_changed') return;
    const change = JSON.parse(message.payload ?? '{}') as { position?: string; topics?: string[] };
    projected.push({ at: Date.now(), position: BigInt(change.position ?? 0), topics: change.topics ?? [] });
  });
  await listener.query('LISTEN read_model_changed');
  await listener.query('LISTEN event_store_appended');

  // `ws` ships without types; MinimalSocket is the slice used here (tests/support/live-pushes.ts does the same).
  const moduleName = 'ws';
  const { WebSocket } = (await import(moduleName)) as { WebSocket: new (url: string) => MinimalSocket };
  const socket = new WebSocket(`${stack.baseUrl.replace('http', 'ws')}/api/ws`);
  await new Promise<void>((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'authenticate', token }));
  const pushed: { at: number; topic: string }[] = [];
  let wake: (() => void) | null = null;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type?: string; topic?: string };
    if (message.type === 'subscribed') return;
    pushed.push({ at: Date.now(), topic: message.topic ?? '' });
    wake?.();
  });

  const statusOf = async (submitId: number): Promise<number> => {
    const reply = await api<Record<string, { status: number }>>(
      '/api/check-submissions-status',
      { submitIds: [submitId], cid: 0 },
      token,
    );
    return reply.data[String(submitId)]?.status ?? 5;
  };

  return {
    async submitAndWait(language, code) {
      projected.length = 0;
      pushed.length = 0;
      appended.length = 0;
      const sent = Date.now();
      const reply = await api<{ submitId: number }>(
        '/api/submit-problem-judge',
        { pid: 'LAT1', language, code, cid: 0, gid: null, tid: null, isRemote: false },
        token,
      );
      const replied = Date.now();
      const { submitId } = reply.data;
      const topic = `submission:${submitId}`;
      socket.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
      let status = 5;
      let pushAt: number | undefined;
      const deadline = sent + verdictTimeoutMs;
      for (;;) {
        const next = new Promise<void>((resolve) => (wake = resolve));
        status = await statusOf(submitId);
        if (!inProgress.has(status)) break;
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>(
          (resolve) => (timer = setTimeout(() => resolve('late'), deadline - Date.now())),
        );
        const woken = await Promise.race([next, late]);
        clearTimeout(timer);
        if (woken === 'late')
          throw new Error(`${language} submission ${submitId}: no verdict after ${verdictTimeoutMs} ms`);
        pushAt = pushed.at(-1)?.at;
      }
      const seen = Date.now();
      socket.send(JSON.stringify({ type: 'unsubscribe', topics: [topic] }));
      if (status !== accepted) throw new Error(`${language} A+B got status ${status}, not AC`);
      const events = await readStream(listener, submitId);
      const created = events.find((event) => event.type === 'SubmissionCreated');
      const started = events.find((event) => event.type === 'JudgeStarted');
      const judged = events.find((event) => event.type === 'SubmissionJudged');
      const trace = JSON.parse(judged?.metadata.judgeTrace ?? '{}') as JudgeTrace;
      // The store NOTIFYs every append at its commit; the first one after the verdict's transaction began is it.
      const verdictCommitted = judged && appended.find((at) => at >= judged.recordedAt);
      const verdictProjected = projected.find(
        (change) => judged !== undefined && change.position >= judged.position && change.topics.includes(topic),
      )?.at;
      const between = (from: number | undefined, to: number | undefined) =>
        from === undefined || to === undefined ? undefined : to - from;
      return {
        totalMs: seen - sent,
        hops: {
          'submit → SubmissionCreated appended': between(sent, created?.recordedAt),
          'submit reply (read-your-writes; overlaps the rest)': replied - sent,
          'appended → dispatched (JetStream publish)': between(created?.recordedAt, trace.queued),
          'queued → pulled by a worker': between(trace.queued, trace.pulled),
          'pulled → JudgeStarted appended (overlaps the compile)': between(
            trace.pulled ?? created?.recordedAt,
            trace.started ?? started?.recordedAt,
          ),
          'pulled → compiled (read, decide, compile)': between(trace.pulled, trace.compiled),
          'compiled → case run and checked': between(trace.compiled, trace.ran),
          'case checked → verdict decided (case append)': between(trace.ran, trace.judged),
          'JudgeStarted → SubmissionJudged appended': between(started?.recordedAt, judged?.recordedAt),
          'verdict decided → SubmissionJudged committed': between(trace.judged ?? judged?.recordedAt, verdictCommitted),
          'committed → projected (projector)': between(verdictCommitted, verdictProjected),
          'projected → pushed over /api/ws': between(verdictProjected, pushAt),
          'pushed → verdict read by the client': between(pushAt, seen),
        },
      };
    },
    async close() {
      socket.close();
      await listener.end();
    },
  };
}

interface StoredEvent {
  readonly type: string;
  readonly position: bigint;
  readonly recordedAt: number;
  readonly metadata: Record<string, string>;
}

/** The submission's events with recorded_at to the microsecond (a bench-only read of the store's table). */
async function readStream(client: pg.Client, submitId: number): Promise<StoredEvent[]> {
  const { rows } = await client.query<{ type: string; position: string; at: string; metadata: Record<string, string> }>(
    `SELECT event_type AS type, position::text, (extract(epoch FROM recorded_at) * 1000)::text AS at, metadata
       FROM event_store.events WHERE stream = $1 ORDER BY revision`,
    [submissionStream(submitId)],
  );
  return rows.map((row) => ({
    type: row.type,
    position: BigInt(row.position),
    recordedAt: Number(row.at),
    metadata: row.metadata,
  }));
}

function summarise(language: string, samples: readonly Sample[]): LatencyRow[] {
  const row = (what: string, values: readonly number[], targetText = ''): LatencyRow => ({
    language,
    what,
    p50: round(percentile(values, 0.5)),
    p90: round(percentile(values, 0.9)),
    p99: round(percentile(values, 0.99)),
    target: targetText,
  });
  const isTargeted = language === target.language;
  const rows = [
    row(
      `end to end (ms, ${samples.length} submissions)`,
      samples.map((sample) => sample.totalMs),
      isTargeted ? `p50 < ${target.p50Ms}` : '',
    ),
  ];
  for (const hop of Object.keys(samples[0]?.hops ?? {})) {
    const values = samples.flatMap((sample) => {
      const value = sample.hops[hop];
      return value === undefined ? [] : [value];
    });
    if (values.length > 0) rows.push(row(`  ${hop}`, values));
  }
  return rows;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

const round = (value: number): number => Math.round(value * 10) / 10;
