/** Human-readable launcher lines: `14:02:11 [source] message`. The services themselves log JSON through pino. */
export interface StackLog {
  info(source: string, message: string): void;
  warn(source: string, message: string): void;
  error(source: string, message: string): void;
  /** A raw output line of a child process, already labelled by `source`. */
  line(source: string, text: string): void;
}

type Writer = (text: string) => void;

export function consoleStackLog(write: Writer = (text) => process.stdout.write(text)): StackLog {
  const emit = (source: string, message: string, marker = '') => {
    const time = new Date().toISOString().slice(11, 19);
    write(`${time} [${source}] ${marker}${message}\n`);
  };
  return {
    info: (source, message) => emit(source, message),
    warn: (source, message) => emit(source, message, 'warning: '),
    error: (source, message) => emit(source, message, 'error: '),
    line: (source, text) => write(`[${source}] ${text}\n`),
  };
}

/** Keeps the last `limit` lines in memory; the test harness shows them when something fails. */
export function memoryStackLog(limit = 400): StackLog & { readonly lines: readonly string[] } {
  const lines: string[] = [];
  const push = (source: string, message: string) => {
    lines.push(`[${source}] ${message}`);
    if (lines.length > limit) lines.splice(0, lines.length - limit);
  };
  return { lines, info: push, warn: push, error: push, line: push };
}
