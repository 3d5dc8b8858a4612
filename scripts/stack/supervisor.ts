import type { StackLog } from './stack-log';

/** One run of a supervised process: what a start function hands back. */
export interface Incarnation {
  readonly pid: number;
  /** Settles when the process is gone, for whatever reason. */
  readonly exited: Promise<unknown>;
  /** Stops it gracefully (the process's own bounded stop); resolves once it is gone. */
  stop(): Promise<unknown>;
}

export interface BackoffPolicy {
  /** The first pause after a death. */
  readonly initialMs: number;
  /** Pauses double up to this. */
  readonly maxMs: number;
  /** A run at least this long counts as healthy: the next death starts again from `initialMs`. */
  readonly resetAfterMs: number;
}

/** 0.5 s doubling to 30 s, reset after a minute of health (issue 14). */
export const defaultBackoff: BackoffPolicy = { initialMs: 500, maxMs: 30_000, resetAfterMs: 60_000 };

/**
 * The pause before restart number `failures + 1` of a process that ran for `ranMs`; returns the pause and the
 * failure count to carry. Pure, so the schedule is tested without waiting.
 */
export function nextRestart(
  policy: BackoffPolicy,
  failures: number,
  ranMs: number,
): { readonly delayMs: number; readonly failures: number } {
  const streak = ranMs >= policy.resetAfterMs ? 0 : failures;
  return { delayMs: Math.min(policy.initialMs * 2 ** streak, policy.maxMs), failures: streak + 1 };
}

/** What the supervisor knows of one component, for health reporting and the chaos suite. */
export interface SupervisedProcess {
  readonly name: string;
  /** The current (or last) incarnation's pid. */
  readonly pid: number;
  /** `running`, `restarting` (dead, waiting out its backoff or starting) or `stopped` (by stop()). */
  readonly state: 'running' | 'restarting' | 'stopped';
  /** How many times it was restarted since the stack started. */
  readonly restarts: number;
  /** Resolves on the next successful (re)start, with the new pid. */
  nextStart(): Promise<number>;
  /**
   * Restarts nothing from now on but leaves the process running: the stack calls it on every component the
   * moment shutdown begins, so a dependency dying during the ordered stop is not brought back.
   */
  holdRestarts(): void;
  /**
   * Conditions changed (a dependency came back): a restart waiting out its backoff happens now, and the
   * failure streak starts over. A no-op while the process runs.
   */
  retryNow(): void;
  /** Stops the current incarnation and restarts nothing any more; safe to call twice. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  readonly log: StackLog;
  readonly backoff?: BackoffPolicy;
  /** Called after every restart (not the first start): e.g. re-telling dependents where it is. */
  readonly onRestarted?: (incarnation: Incarnation) => void | Promise<void>;
  /** Consecutive failed restarts after which `gaveUp` rejects (the process stays down). Default: never. */
  readonly maxConsecutiveFailures?: number;
}

export interface Supervision extends SupervisedProcess {
  /** Rejects when the supervisor gives up (maxConsecutiveFailures); never resolves. */
  readonly gaveUp: Promise<never>;
}

/**
 * Keeps `first` (already started by the caller, who saw it come up) running: whenever it dies other than
 * through stop(), waits out the backoff and calls `start` again, on failure again with a longer pause. The
 * process's own clients reconnect; nothing here knows what the process is.
 */
export function supervise(
  name: string,
  first: Incarnation,
  start: () => Promise<Incarnation>,
  options: SuperviseOptions,
): Supervision {
  let rejectGaveUp: (error: Error) => void = () => undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    rejectGaveUp = reject;
  });
  gaveUp.catch(() => undefined);
  const run: SupervisorRun = {
    name,
    start,
    options,
    policy: options.backoff ?? defaultBackoff,
    current: first,
    state: 'running',
    restarts: 0,
    stopping: false,
    holding: false,
    failures: 0,
    wakeEarly: undefined,
    starting: undefined,
    startWaiters: [],
    giveUp: rejectGaveUp,
  };
  const running = superviseLoop(run);
  let stopped: Promise<void> | undefined;
  return {
    name,
    get pid() {
      return run.current.pid;
    },
    get state() {
      return run.state;
    },
    get restarts() {
      return run.restarts;
    },
    gaveUp,
    nextStart: () => new Promise<number>((resolve) => run.startWaiters.push(resolve)),
    holdRestarts: () => {
      run.holding = true;
      run.wakeEarly?.();
    },
    retryNow: () => {
      run.failures = 0;
      run.wakeEarly?.();
    },
    stop: () =>
      (stopped ??= (async () => {
        run.stopping = true;
        run.wakeEarly?.();
        await run.starting;
        await run.current.stop();
        await running;
        run.state = 'stopped';
        run.startWaiters = [];
      })()),
  };
}

/** The mutable state of one supervision, shared by its loop and the handle supervise() returns. */
interface SupervisorRun {
  readonly name: string;
  readonly start: () => Promise<Incarnation>;
  readonly options: SuperviseOptions;
  readonly policy: BackoffPolicy;
  current: Incarnation;
  state: SupervisedProcess['state'];
  restarts: number;
  stopping: boolean;
  holding: boolean;
  failures: number;
  /** Ends the backoff pause in progress (stop, hold, retryNow). */
  wakeEarly: (() => void) | undefined;
  /** The start in progress, so stop() waits for it and stops what it started. */
  starting: Promise<unknown> | undefined;
  startWaiters: ((pid: number) => void)[];
  giveUp(error: Error): void;
}

/** Waits for each death, restarts, and tells the waiters; returns once stopped, held or given up. */
async function superviseLoop(run: SupervisorRun): Promise<void> {
  const { name, options } = run;
  let startedAt = Date.now();
  for (;;) {
    const code = await run.current.exited;
    if (run.stopping || run.holding) {
      run.state = 'stopped';
      return;
    }
    run.state = 'restarting';
    const ranMs = Date.now() - startedAt;
    options.log.error(
      name,
      `pid ${run.current.pid} exited (${describeExit(code)}) after ${Math.round(ranMs / 1000)} s`,
    );
    if (!(await restartWithBackoff(run, ranMs))) return;
    startedAt = Date.now();
    run.restarts += 1;
    run.state = 'running';
    options.log.info(name, `restarted (pid ${run.current.pid})`);
    for (const waiter of run.startWaiters.splice(0)) waiter(run.current.pid);
    try {
      await options.onRestarted?.(run.current);
    } catch (error) {
      options.log.error(name, `after restart: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Pauses per the backoff and starts again until a start succeeds (true), or the supervision is stopped, held
 * or gives up (false).
 */
async function restartWithBackoff(run: SupervisorRun, ranAfterDeathMs: number): Promise<boolean> {
  const { name, options } = run;
  let ranMs = ranAfterDeathMs;
  for (;;) {
    const next = nextRestart(run.policy, run.failures, ranMs);
    run.failures = next.failures;
    if (options.maxConsecutiveFailures !== undefined && run.failures > options.maxConsecutiveFailures) {
      run.giveUp(new Error(`${name} failed ${run.failures - 1} restarts in a row; giving up`));
      return false;
    }
    options.log.warn(name, `restarting in ${next.delayMs} ms (attempt ${run.failures})`);
    await pause(run, next.delayMs);
    if (run.stopping || run.holding) return false;
    const attempt = run.start();
    run.starting = attempt.catch(() => undefined);
    try {
      run.current = await attempt;
    } catch (error) {
      options.log.error(name, `restart failed: ${error instanceof Error ? error.message : String(error)}`);
      ranMs = 0;
      continue;
    } finally {
      run.starting = undefined;
    }
    if (run.stopping) {
      await run.current.stop();
      return false;
    }
    return true;
  }
}

/** A backoff pause that stop(), holdRestarts() and retryNow() can end early. */
function pause(run: SupervisorRun, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      run.wakeEarly = undefined;
      resolve();
    }
    run.wakeEarly = done;
  });
}

function describeExit(code: unknown): string {
  return typeof code === 'number' ? `code ${code}` : 'it died';
}
