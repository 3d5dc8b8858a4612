import { dirname, join } from 'node:path';
import type { Sandbox, SandboxLimits, SandboxRunRequest, SandboxRunResult, StdioSpec } from '../sandbox/sandbox';
import { assertPlainBoxName, readBoxFile } from './box-file';
import type { LanguageRecord } from './language';
import { expandRunArgv, programLimits, type ProblemLimits, type ProgramLimits } from './program-limits';
import { removeWorkDir } from './work-dir';

export interface RunProgramOptions {
  /** The problem's limits before the language factor; runProgram applies the factor and HOJ's ceilings. */
  readonly limits: ProblemLimits;
  /** Size of the expected output: the stdout cap is max(2 × it, 32 MiB). */
  readonly expectedOutputBytes?: number;
  readonly stdin: StdioSpec;
  readonly stdout: StdioSpec;
  /** Default: capture (64 KiB kept). */
  readonly stderr?: StdioSpec;
  /** Appended to the language's run argv, e.g. a checker's input, output and answer paths. */
  readonly args?: readonly string[];
  /** Host files put read-only into /box under `name` (checker inputs, file-IO input). */
  readonly files?: readonly { readonly hostPath: string; readonly name: string }[];
  /** Files the program writes into /box to read back after the run (file IO), each up to the stdout cap. */
  readonly collectFiles?: readonly string[];
  /** Replace any derived sandbox limit (checkers and interactors have fixed limits, judging.md §5). */
  readonly sandboxLimits?: Partial<SandboxLimits>;
  readonly stderrCaptureBytes?: number;
}

export interface ProgramRun {
  readonly result: SandboxRunResult;
  /** T and M after the factor: a verdict compares cpuTimeMs and peakMemoryKib with these. */
  readonly limits: ProgramLimits;
  /** collectFiles that existed after the run; a missing file is simply absent (HOJ: empty output). */
  readonly collected: Readonly<Record<string, Uint8Array>>;
}

export interface PreparedRun {
  readonly request: SandboxRunRequest;
  readonly limits: ProgramLimits;
  finish(result: SandboxRunResult): Promise<ProgramRun>;
}

/**
 * Builds the sandbox request for one run: a fresh writable /box (made by the sandbox beside the
 * artifacts dir) with the artifacts and `files` mounted read-only inside it, so a run cannot alter
 * what the next run sees.
 */
export async function prepareRun(
  language: LanguageRecord,
  artifactsDir: string,
  options: RunProgramOptions,
): Promise<PreparedRun> {
  for (const name of [...(options.files ?? []).map((file) => file.name), ...(options.collectFiles ?? [])]) {
    assertPlainBoxName(name);
  }
  const derived = programLimits(language, options.limits, options.expectedOutputBytes);
  const limits = { ...derived, sandbox: { ...derived.sandbox, ...options.sandboxLimits } };
  const mounts = [
    ...language.artifacts.map((name) => ({ hostPath: join(artifactsDir, name), sandboxPath: `/box/${name}` })),
    ...(options.files ?? []).map((file) => ({ hostPath: file.hostPath, sandboxPath: `/box/${file.name}` })),
  ];
  const request: SandboxRunRequest = {
    argv: [...expandRunArgv(language, limits.memoryLimitKib), ...(options.args ?? [])],
    // The sandbox makes the fresh box (and may have made it, with bwrap waiting on it, in advance).
    boxDir: dirname(artifactsDir),
    freshBoxIn: dirname(artifactsDir),
    writableBox: true,
    limits: limits.sandbox,
    ...(language.runEnv ? { env: language.runEnv } : {}),
    stdin: options.stdin,
    stdout: options.stdout,
    stderr: options.stderr ?? { kind: 'capture' },
    readOnlyMounts: mounts,
    ...(options.collectFiles ? { keepFiles: options.collectFiles } : {}),
    ...(options.stderrCaptureBytes ? { stderrCaptureBytes: options.stderrCaptureBytes } : {}),
  };
  return {
    request,
    limits,
    async finish(result) {
      const collected: Record<string, Uint8Array> = {};
      const { boxDir } = result;
      // No host dir means none was made (nothing kept): there is nothing to read or remove.
      if (boxDir === undefined && (options.collectFiles?.length ?? 0) > 0) {
        throw new Error('The sandbox did not report the fresh box it used');
      }
      if (boxDir === undefined) return { result, limits, collected };
      for (const name of options.collectFiles ?? []) {
        const bytes = await readBoxFile(boxDir, name, limits.sandbox.outputBytes);
        if (bytes) collected[name] = bytes;
      }
      await removeWorkDir(boxDir);
      return { result, limits, collected };
    },
  };
}

/** Runs a compiled program (CompileResult.artifactsDir) once, e.g. on one test case. */
export async function runProgram(
  sandbox: Sandbox,
  language: LanguageRecord,
  artifactsDir: string,
  options: RunProgramOptions,
): Promise<ProgramRun> {
  const prepared = await prepareRun(language, artifactsDir, options);
  return prepared.finish(await sandbox.run(prepared.request));
}
