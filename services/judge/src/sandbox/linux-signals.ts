/**
 * Linux signal numbers 1–31 (x86-64/arm64) and the descriptions HOJ prints after them (judging.md §3.3): the one
 * table, so the sandbox names a signal and the verdicts describe it without asking the host.
 */
const signals: readonly (readonly [name: string, num: number, description: string])[] = [
  ['SIGHUP', 1, 'Hangup'],
  ['SIGINT', 2, 'Interrupt'],
  ['SIGQUIT', 3, 'Quit'],
  ['SIGILL', 4, 'Illegal instruction'],
  ['SIGTRAP', 5, 'Trace/breakpoint trap'],
  ['SIGABRT', 6, 'Aborted'],
  ['SIGBUS', 7, 'Bus error'],
  ['SIGFPE', 8, 'Floating point exception'],
  ['SIGKILL', 9, 'Killed'],
  ['SIGUSR1', 10, 'User defined signal 1'],
  ['SIGSEGV', 11, 'Segmentation fault'],
  ['SIGUSR2', 12, 'User defined signal 2'],
  ['SIGPIPE', 13, 'Broken pipe'],
  ['SIGALRM', 14, 'Alarm clock'],
  ['SIGTERM', 15, 'Terminated'],
  ['SIGSTKFLT', 16, 'Stack fault'],
  ['SIGCHLD', 17, 'Child exited'],
  ['SIGCONT', 18, 'Continued'],
  ['SIGSTOP', 19, 'Stopped (signal)'],
  ['SIGTSTP', 20, 'Stopped'],
  ['SIGTTIN', 21, 'Stopped (tty input)'],
  ['SIGTTOU', 22, 'Stopped (tty output)'],
  ['SIGURG', 23, 'Urgent I/O condition'],
  ['SIGXCPU', 24, 'CPU time limit exceeded'],
  ['SIGXFSZ', 25, 'File size limit exceeded'],
  ['SIGVTALRM', 26, 'Virtual timer expired'],
  ['SIGPROF', 27, 'Profiling timer expired'],
  ['SIGWINCH', 28, 'Window changed'],
  ['SIGIO', 29, 'I/O possible'],
  ['SIGPWR', 30, 'Power failure'],
  ['SIGSYS', 31, 'Bad system call'],
];

export interface SignalInfo {
  readonly num: number;
  readonly description: string;
}

/** Accepts "SIGSEGV", "SEGV" or "11"; unknown names give null. */
export function describeSignal(signal: string): SignalInfo | null {
  const upper = signal.toUpperCase();
  const asNumber = /^\d+$/.test(upper) ? Number(upper) : null;
  const named = upper.startsWith('SIG') ? upper : `SIG${upper}`;
  const found = signals.find(([name, num]) => name === named || num === asNumber);
  return found ? { num: found[1], description: found[2] } : null;
}

/** The name of signal `signalNumber` ("SIGSEGV"), or "SIG<n>" outside the table. */
export function signalName(signalNumber: number): string {
  return signals.find(([, num]) => num === signalNumber)?.[0] ?? `SIG${signalNumber}`;
}
