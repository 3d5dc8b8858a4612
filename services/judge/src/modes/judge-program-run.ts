import type { SandboxLimits, SandboxMount } from '../sandbox/sandbox';
import type { CaseContext, JudgeProgram } from './judge-mode';

const mib = 1024;

/** Fixed checker limits, independent of the problem (judging.md §5.2). */
export const checkerLimits: SandboxLimits = {
  cpuTimeMs: 16_000,
  wallTimeMs: 48_000,
  memoryKib: 512 * mib,
  stackKib: 128 * mib,
  processes: 16,
  outputBytes: 16 * mib * 1024,
  fileSizeBytes: 64 * mib * 1024,
};

/** Checker and interactor stderr kept for the message; HOJ parses only the first 1024 characters. */
export const judgeProgramStderrBytes = 64 * 1024;

export const caseFilesInSandbox = {
  input: '/data/input',
  userOutput: '/data/user_output',
  answer: '/data/answer',
} as const;

/**
 * testlib's calling convention: `program input output answer` (registerTestlibCmd / registerInteraction).
 * The case files are mounted outside /box so every case can share the compiled program's directory.
 */
export function judgeProgramInvocation(
  program: JudgeProgram,
  context: CaseContext,
  userOutputFile: string,
  isUserOutputWritable: boolean,
): { argv: string[]; mounts: SandboxMount[] } {
  return {
    argv: [...program.argv, caseFilesInSandbox.input, caseFilesInSandbox.userOutput, caseFilesInSandbox.answer],
    mounts: [
      { hostPath: context.inputFile, sandboxPath: caseFilesInSandbox.input },
      { hostPath: userOutputFile, sandboxPath: caseFilesInSandbox.userOutput, writable: isUserOutputWritable },
      { hostPath: context.answerFile, sandboxPath: caseFilesInSandbox.answer },
    ],
  };
}
