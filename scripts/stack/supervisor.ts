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
  const { log } = options;
  const policy = options.backoff ?? defaultBackoff;
  let current = first;
  let state: SupervisedProcess['state'] = 'running';
  let restarts = 0;
  let stopping = false;
  let holding = false;
  let failures = 0;
  let wakeEarly: (() => void) | undefined;
  let starting: Promise<unknown> | undefined;
  let startWaiters: ((pid: number) => void)[] = [];
  let rejectGaveUp: (error: Error) => void = () => undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    rejectGaveUp = reject;
  });
  gaveUp.catch(() => undefined);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeEarly = undefined;
        resolve();
      }
      wakeEarly = done;
    });

  const loop = async () => {
    let startedAt = Date.now();
    for (;;) {
      const code = await current.exited;
      if (stopping || holding) {
        state = 'stopped';
        return;
      }
      state = 'restarting';
      let ranMs = Date.now() - startedAt;
      log.error(name, `pid ${current.pid} exited (${describeExit(code)}) after ${Math.round(ranMs / 1000)} s`);
      for (;;) {
        const next = nextRestart(policy, failures, ranMs);
        failures = next.failures;
        if (options.maxConsecutiveFailures !== undefined && failures > options.maxConsecutiveFailures) {
          rejectGaveUp(new Error(`${name} failed ${failures - 1} restarts in a row; giving up`));
          return;
        }
        log.warn(name, `restarting in ${next.delayMs} ms (attempt ${failures})`);
        await pause(next.delayMs);
        if (stopping || holding) return;
        const attempt = start();
        starting = attempt.catch(() => undefined);
        try {
          current = await attempt;
        } catch (error) {
          log.error(name, `restart failed: ${error instanceof Error ? error.message : String(error)}`);
          ranMs = 0;
          continue;
        } finally {
          starting = undefined;
        }
        if (stopping) {
          await current.stop();
          return;
        }
        break;
      }
      startedAt = Date.now();
      restarts += 1;
      state = 'running';
      log.info(name, `restarted (pid ${current.pid})`);
      for (const waiter of startWaiters.splice(0)) waiter(current.pid);
      try {
        await options.onRestarted?.(current);
      } catch (error) {
        log.error(name, `after restart: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const running = loop();

  let stopped: Promise<void> | undefined;
  return {
    name,
    get pid() {
      return current.pid;
    },
    get state() {
      return state;
    },
    get restarts() {
      return restarts;
    },
    gaveUp,
    nextStart: () => new Promise<number>((resolve) => startWaiters.push(resolve)),
    holdRestarts: () => {
      holding = true;
      wakeEarly?.();
    },
    retryNow: () => {
      failures = 0;
      wakeEarly?.();
    },
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        wakeEarly?.();
        await starting;
        await current.stop();
        await running;
        state = 'stopped';
        startWaiters = [];
      })()),
  };
}

function describeExit(code: unknown): string {
  return typeof code === 'number' ? `code ${code}` : 'it died';
}
