import { runProgram, type ProgramRun } from '../languages/run-program';
import type { StdioSpec } from '../sandbox/sandbox';
import type { CaseContext, JudgeModeSetup } from './judge-mode';

export interface UserRun {
  readonly run: ProgramRun['result'];
  /** What the program produced: captured stdout, or the file-IO output file (empty when it wrote none). */
  readonly output: Uint8Array | null;
}

/**
 * Runs the user program on one case. With file IO the input is put into /box under its name and the output
 * file is read back afterwards (a missing one is empty output, as in HOJ); stdin gets nothing, where HOJ wired
 * stderr by mistake (§12.14). Otherwise stdin is the input file and stdout goes where `stdout` says.
 */
export async function runUserProgram(
  setup: JudgeModeSetup,
  context: CaseContext,
  stdout: StdioSpec,
  expectedOutputBytes: number,
): Promise<UserRun> {
  const { program, settings } = setup;
  const common = { limits: program.problemLimits, expectedOutputBytes, stderr: { kind: 'ignore' } as const };
  if (settings.fileIo) {
    const { inputFileName, outputFileName } = settings.fileIo;
    const { result, collected } = await runProgram(setup.sandbox, program.language, program.artifactsDir, {
      ...common,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'ignore' },
      files: [{ hostPath: context.inputFile, name: inputFileName }],
      collectFiles: [outputFileName],
    });
    return { run: result, output: collected[outputFileName] ?? new Uint8Array() };
  }
  const { result } = await runProgram(setup.sandbox, program.language, program.artifactsDir, {
    ...common,
    stdin: { kind: 'file', path: context.inputFile },
    stdout,
  });
  return { run: result, output: result.stdout ?? null };
}
