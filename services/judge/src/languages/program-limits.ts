import type { SandboxLimits } from '../sandbox/sandbox';
import type { LanguageRecord } from './language';

/** A problem's limits as an admin set them, before the language factor. */
export interface ProblemLimits {
  readonly timeLimitMs: number;
  readonly memoryLimitKib: number;
  /** HOJ's default stack is 128 MB. */
  readonly stackLimitKib?: number;
}

/** The limits a verdict is judged against (after the factor) and the looser ceilings the sandbox enforces. */
export interface ProgramLimits {
  /** T: CPU ms > T is TLE (judging.md §3.3). */
  readonly timeLimitMs: number;
  /** M: peak KiB > M is MLE. */
  readonly memoryLimitKib: number;
  readonly sandbox: SandboxLimits;
}

const mib = 1024;
export const minimumOutputCapBytes = 32 * 1024 * 1024;

/**
 * judging.md §2.1 and §3.1: time and memory × the language factor (stack never), then the sandbox
 * gets CPU T + 200 ms, wall 3 × (T + 200 ms), memory M + 100 MB (+ the runtime's own overhead,
 * e.g. the JVM's beyond -Xmx), processes 128, stdout max(2 × expected, 32 MiB).
 */
export function programLimits(
  language: LanguageRecord,
  problem: ProblemLimits,
  expectedOutputBytes = 0,
): ProgramLimits {
  const timeLimitMs = Math.round(problem.timeLimitMs * language.timeFactor);
  const memoryLimitKib = Math.round(problem.memoryLimitKib * language.memoryFactor);
  const cpuTimeMs = timeLimitMs + 200;
  return {
    timeLimitMs,
    memoryLimitKib,
    sandbox: {
      cpuTimeMs,
      wallTimeMs: 3 * cpuTimeMs,
      memoryKib: memoryLimitKib + 100 * mib + language.runtimeOverheadKib,
      stackKib: problem.stackLimitKib ?? 128 * mib,
      processes: Math.max(128, language.processes),
      outputBytes: Math.max(2 * expectedOutputBytes, minimumOutputCapBytes),
      fileSizeBytes: Math.max(2 * expectedOutputBytes, minimumOutputCapBytes),
    },
  };
}

/** `{memoryMib}` in a run argv becomes M in MiB (after the factor). */
export function expandRunArgv(language: LanguageRecord, memoryLimitKib: number): string[] {
  const memoryMib = String(Math.max(16, Math.floor(memoryLimitKib / mib)));
  return language.runArgv.map((arg) => arg.replaceAll('{memoryMib}', memoryMib));
}
