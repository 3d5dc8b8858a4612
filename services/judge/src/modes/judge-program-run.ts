import type { RunProgramOptions } from '../languages/run-program';
import type { SandboxLimits } from '../sandbox/sandbox';
import type { CaseContext } from './judge-mode';

const mib = 1024;

/** Fixed checker limits, independent of the problem (judging.md §5.2). */
export const checkerLimits: SandboxLimits = {
  cpuTimeMs: 16_000,
  wallTimeMs: 48_000,
  memoryKib: 512 * mib,
  stackKib: 128 * mib,
  processes: 16,
  outputBytes: 16 * mib * mib,
  fileSizeBytes: 64 * mib * mib,
};

/** The problem limits handed to the languages layer for a checker; `sandboxLimits` replaces what it derives. */
export const judgeProgramProblemLimits = { timeLimitMs: 16_000, memoryLimitKib: 512 * mib } as const;

/** Checker and interactor stderr kept for the message; HOJ parses only the first 1024 characters. */
export const judgeProgramStderrBytes = 64 * 1024;

/**
 * testlib's calling convention: `program input output answer` (registerTestlibCmd / registerInteraction).
 * The case files appear in the program's /box under fixed names. An interactor writes the output file itself.
 */
export function judgeProgramFiles(
  context: CaseContext,
  userOutputFile: string | null,
): Pick<RunProgramOptions, 'args' | 'files'> {
  const files = [
    { hostPath: context.inputFile, name: 'input' },
    { hostPath: context.answerFile, name: 'answer' },
    ...(userOutputFile ? [{ hostPath: userOutputFile, name: 'user_output' }] : []),
  ];
  return { args: ['/box/input', '/box/user_output', '/box/answer'], files };
}
