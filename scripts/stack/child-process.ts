import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { bundleService } from './service-bundle';
import type { StackLog } from './stack-log';

/** A TypeScript entry point of the repository run as its own process (projector, judge worker). */
export interface ChildSpec {
  readonly name: string;
  /** Path relative to the repository root, e.g. services/projector/src/main.ts. */
  readonly entry: string;
  readonly env: Readonly<Record<string, string>>;
}

export interface RunningChild {
  readonly name: string;
  readonly pid: number;
  /** Resolves with the exit code (or 128 + signal number) whenever the process ends. */
  readonly exited: Promise<number>;
  /** SIGTERM, then SIGKILL to the whole process group after `graceMs`. */
  stop(graceMs?: number): Promise<number>;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const preload = 'scripts/stack/exit-with-parent.ts';

/**
 * Starts the entry's esbuild bundle (service-bundle.ts, rebuilt first if any of its sources changed) with plain
 * node, so a restart too runs the current code; node maps stack traces back to the TypeScript sources.
 */
export async function spawnChild(spec: ChildSpec, log: StackLog): Promise<RunningChild> {
  const [preloadBundle, entryBundle] = await Promise.all([bundleService(preload), bundleService(spec.entry)]);
  if (entryBundle.built) log.info(spec.name, `bundled ${spec.entry}`);
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', preloadBundle.path, entryBundle.path], {
    cwd: repositoryRoot,
    env: spec.env,
    // Own process group: Ctrl-C in a terminal reaches only the launcher, which stops children in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  forwardLines(child, spec.name, log);
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? 128 + signalNumber(signal)));
    child.once('error', (error) => {
      log.error(spec.name, `could not start: ${error.message}`);
      resolve(127);
    });
  });
  if (child.pid === undefined) throw new Error(`${spec.name}: spawn failed`);
  const pid = child.pid;
  return {
    name: spec.name,
    pid,
    exited,
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        log.warn(spec.name, `did not stop within ${graceMs} ms; killing its process group`);
        killGroup(pid);
      }, graceMs);
      const code = await exited;
      clearTimeout(timer);
      // Anything it left behind in its group (e.g. a sandboxed run) goes too.
      killGroup(pid);
      return code;
    },
  };
}

function forwardLines(child: ChildProcess, name: string, log: StackLog): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (text) => log.line(name, text));
  }
}

/** SIGKILL to a child's whole process group (its own: children start detached). */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already empty.
  }
}

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal ? constants.signals[signal] : 0;
}

/** An environment with its unset variables dropped, as a child's `env` takes it. */
export function definedOnly(source: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) if (value !== undefined) result[key] = value;
  return result;
}
