import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
/** Started by path, as the stack does: the command service never imports the judge. */
const judgeEntry = path.join(repositoryRoot, 'services/judge/src/main.ts');

/** A scratch DATA_DIR under .tmp for a test with a judge process (removed by the test). */
export async function judgeDataDir(prefix: string): Promise<string> {
  const tmp = path.join(repositoryRoot, '.tmp');
  await mkdir(tmp, { recursive: true });
  const dataDir = await mkdtemp(path.join(tmp, prefix));
  // The sandbox uids must traverse DATA_DIR to reach the judge's work dirs.
  await chmod(dataDir, 0o755);
  return dataDir;
}

export interface JudgeProcessOptions {
  /** The test's own environment (PATH and the like), beneath every judge setting. */
  readonly inherited: NodeJS.ProcessEnv;
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly natsUrl: string;
  /** Names the test's own queue stream, subject, consumer and compile subject, so test files never share them. */
  readonly suffix: string;
  /** Further judge settings (JUDGE_REPORT_SUBJECT, JUDGE_LANGUAGES …). */
  readonly settings?: Readonly<Record<string, string>>;
  /** The log line after which the test may use the process. */
  readonly readyLine: string;
}

/** The compile subject of a judge process started with `suffix` (the command service must be given the same). */
export const compileSubjectOf = (suffix: string): string => `judge.compile-checker.${suffix}`;

/** A judge process of a test: ready once it logged its ready line; stop() ends it (its afterAll calls it). */
export interface JudgeProcess {
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * One judge process (no dispatcher, one worker). `ready` resolves once it logs `readyLine` and rejects if it exits
 * first; the test holds the process from the spawn on, so its afterAll stops it even when it never became ready.
 */
export function startJudgeProcess(options: JudgeProcessOptions): JudgeProcess {
  const { inherited, dataDir, databaseUrl, natsUrl, suffix, settings = {}, readyLine } = options;
  const child = spawn(process.execPath, ['--import', 'tsx', judgeEntry], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      JUDGE_QUEUE_STREAM: `JUDGE_${suffix}`,
      JUDGE_QUEUE_SUBJECT: `judge.${suffix}.submissions`,
      JUDGE_QUEUE_CONSUMER: `judge-workers-${suffix}`,
      JUDGE_COMPILE_SUBJECT: compileSubjectOf(suffix),
      JUDGE_DISPATCHER: 'off',
      JUDGE_WORKERS: '1',
      LOG_LEVEL: 'info',
      ...settings,
    },
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`judge process exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes(readyLine)) resolve();
    });
  });
  return { ready, stop: () => stopChild(child) };
}

/** SIGTERM, then wait for the exit (nothing to do if it already ended). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
