import type { SandboxRunResult } from '../sandbox/sandbox';
import { describeSignal } from '../sandbox/linux-signals';
import type { Verdict } from './verdict';

export type RunMeasurement = Pick<
  SandboxRunResult,
  'cpuTimeMs' | 'wallTimeMs' | 'peakMemoryKib' | 'exitCode' | 'signal' | 'limitHit'
>;

/** The real limits after the language factor; the sandbox ran with a more generous ceiling (judging.md §3.1). */
export interface RunLimits {
  readonly timeLimitMs: number;
  readonly memoryLimitKib: number;
}

export type RunOutcome =
  { readonly kind: 'clean' } | { readonly kind: 'failed'; readonly verdict: Verdict; readonly message: string };

export const outputLimitMessage = 'The output character length of the program exceeds the limit';
export const fileSizeLimitMessage = 'The program wrote a file larger than the limit';

/** HOJ's RE text; only real signals get a name (HOJ also names plain exit codes below 32, §12.3). */
export function exitMessage(exitCode: number | null, signal: string | null): string {
  if (signal !== null) {
    const info = describeSignal(signal);
    return info
      ? `The program return exit status code: ${info.num} (${info.description})`
      : `The program was killed by signal ${signal}`;
  }
  return `The program return exit status code: ${exitCode ?? 'unknown'}`;
}

/**
 * Classifies one run of a user program. Resource limits win over the exit status: a program that used more
 * CPU than allowed is TLE even if it then crashed, and a sandbox memory kill is MLE, not RE "(Killed)"
 * (HOJ quirk §12.2, fixed). A clean run still needs its output checked.
 */
export function classifyRun(run: RunMeasurement, limits: RunLimits): RunOutcome {
  if (run.limitHit === 'cpu' || run.limitHit === 'wall' || run.cpuTimeMs > limits.timeLimitMs) {
    return { kind: 'failed', verdict: 'TLE', message: '' };
  }
  if (run.limitHit === 'memory' || run.peakMemoryKib > limits.memoryLimitKib) {
    return { kind: 'failed', verdict: 'MLE', message: '' };
  }
  if (run.limitHit === 'output') return { kind: 'failed', verdict: 'RE', message: outputLimitMessage };
  if (run.limitHit === 'file-size') return { kind: 'failed', verdict: 'RE', message: fileSizeLimitMessage };
  if (run.signal !== null || (run.exitCode !== null && run.exitCode !== 0)) {
    return { kind: 'failed', verdict: 'RE', message: exitMessage(run.exitCode, run.signal) };
  }
  if (run.exitCode === null) {
    return { kind: 'failed', verdict: 'SE', message: 'The sandbox reported neither an exit status nor a signal' };
  }
  return { kind: 'clean' };
}
