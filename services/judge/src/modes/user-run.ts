import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxMount, SandboxRunResult, StdioSpec } from '../sandbox/sandbox';
import type { CaseContext, JudgeModeSetup } from './judge-mode';

/** HOJ's stdout cap: twice the expected output, at least 32 MiB (judging.md §3.1). */
export const minimumOutputCapBytes = 32 * 1024 * 1024;

export interface UserRun {
  readonly run: SandboxRunResult;
  /** Host file holding what the program produced, when it went to a file (file IO or `stdoutFile`). */
  readonly outputFile: string | null;
}

/**
 * Runs the user program on one case. With file IO the case input is mounted at the input name and the output
 * name is a writable file mount; stdin then gets nothing (HOJ wired stderr there, §12.14). Otherwise stdin is
 * the input file and stdout is captured, or written to `stdoutFile` when the checker needs a file.
 */
export async function runUserProgram(
  setup: JudgeModeSetup,
  context: CaseContext,
  options: { readonly outputCapBytes: number; readonly stdoutFile?: string },
): Promise<UserRun> {
  const { program, settings } = setup;
  const limits = { ...program.sandboxLimits, outputBytes: options.outputCapBytes };
  const base = {
    argv: program.argv,
    boxDir: program.boxDir,
    writableBox: false,
    limits,
    stderr: { kind: 'ignore' } as const,
  };
  const env = program.env ? { env: program.env } : {};
  if (settings.fileIo) {
    const outputFile = path.join(context.caseDir, 'file-io-output');
    await writeFile(outputFile, '');
    await chmod(outputFile, 0o666);
    const mounts: SandboxMount[] = [
      { hostPath: context.inputFile, sandboxPath: `/box/${settings.fileIo.inputFileName}` },
      { hostPath: outputFile, sandboxPath: `/box/${settings.fileIo.outputFileName}`, writable: true },
    ];
    const run = await setup.sandbox.run({
      ...base,
      ...env,
      mounts,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'ignore' },
    });
    return { run, outputFile };
  }
  const stdout: StdioSpec = options.stdoutFile ? { kind: 'file', path: options.stdoutFile } : { kind: 'capture' };
  const run = await setup.sandbox.run({ ...base, ...env, stdin: { kind: 'file', path: context.inputFile }, stdout });
  return { run, outputFile: options.stdoutFile ?? null };
}
