import type { JudgeSettings } from '@oj/events';
import type { LanguageRecord } from '../languages/language';
import type { SandboxLimits } from '../sandbox/sandbox';
import type { RunLimits } from '../verdicts/run-outcome';

const mib = 1024;
/** Replaced per case by the mode's stdout cap. */
const defaultOutputBytes = 32 * mib * mib;
const fileSizeBytes = 64 * mib * mib;
/** HOJ gives every program 128 processes; a language's runtime may ask for more (JVM threads). */
const minimumProcesses = 64;

export interface ProgramLimits {
  readonly limits: RunLimits;
  readonly sandboxLimits: SandboxLimits;
}

/**
 * The limits a user program is judged by (the problem's, times the language factor) and the more generous
 * ceiling the sandbox enforces: CPU T + 200 ms, wall 3 × that, memory M + 100 MB (judging.md §3.1), plus
 * whatever the language's runtime needs on top.
 */
export function programLimits(settings: JudgeSettings, language: LanguageRecord): ProgramLimits {
  const timeLimitMs = Math.round(settings.timeLimitMs * language.timeFactor);
  const memoryLimitKib = Math.round(settings.memoryLimitMib * mib * language.memoryFactor);
  return {
    limits: { timeLimitMs, memoryLimitKib },
    sandboxLimits: {
      cpuTimeMs: timeLimitMs + 200,
      wallTimeMs: 3 * (timeLimitMs + 200),
      memoryKib: memoryLimitKib + 100 * mib + language.runtimeOverheadKib,
      stackKib: settings.stackLimitMib * mib,
      processes: Math.max(minimumProcesses, language.processes),
      outputBytes: defaultOutputBytes,
      fileSizeBytes,
    },
  };
}

/** The run argv with `{memoryMib}` filled in, so a runtime like the JVM stops below the cgroup ceiling. */
export function runArgvFor(language: LanguageRecord, limits: RunLimits): string[] {
  const memoryMib = String(Math.max(1, Math.floor(limits.memoryLimitKib / mib)));
  return language.runArgv.map((part) => part.replaceAll('{memoryMib}', memoryMib));
}
