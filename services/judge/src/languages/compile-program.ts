import { copyFile, lstat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sandbox, SandboxRunResult } from '../sandbox/sandbox';
import { assertPlainBoxName } from './box-file';
import type { LanguageRecord } from './language';
import { createBoxDir } from './work-dir';

export interface CompileResult {
  /** Compiled cleanly (exit 0, no limit hit) and every artifact exists. Not ok with artifacts present = CE. */
  readonly ok: boolean;
  /** Artifacts missing after a clean compile: HOJ's "Executable file not found" (SF), not CE. */
  readonly missingArtifacts: readonly string[];
  /** Host dir holding the artifacts; give it to runProgram. Lives inside workDir. */
  readonly artifactsDir: string;
  /** HOJ's CE message: stdout, then stderr, each non-empty part cut to 64 KiB and followed by "\n". */
  readonly compilerOutput: string;
  /** The compile run (time, memory, limitHit), or null for languages without a compile step. */
  readonly run: SandboxRunResult | null;
}

export interface CompileOptions {
  /** Extra files (name → text) copied next to the source for the compile only: HOJ's userExtraFile. */
  readonly extraFiles?: Readonly<Record<string, string>>;
}

const compilerOutputCapBytes = 64 * 1024;
const mib = 1024;

function compilerText(run: SandboxRunResult): string {
  const parts = [run.stdout, run.stderr]
    .map((bytes) => (bytes ? Buffer.from(bytes).toString('utf8') : ''))
    .filter((text) => text !== '');
  const limitNote = run.limitHit ? [`Compilation stopped: ${run.limitHit} limit exceeded`] : [];
  return [...parts, ...limitNote].map((text) => `${text}\n`).join('');
}

/**
 * Artifacts that are not regular files of the box. The compile box was writable in the sandbox, and each
 * artifact becomes a mount source of every run: a symlink there would be followed (issue 10, F16).
 */
async function missing(dir: string, names: readonly string[]): Promise<string[]> {
  const absent: string[] = [];
  for (const name of names) {
    const stats = await lstat(join(dir, name)).catch(() => undefined);
    if (!stats?.isFile()) absent.push(name);
  }
  return absent;
}

/**
 * Compiles `source` in the sandbox with the language's HOJ limits (stack 256 MB, 128 processes), in
 * a fresh writable box under `workDir` (from createWorkDir). Languages without a compile step just
 * get the source placed as their artifact.
 */
export async function compileProgram(
  sandbox: Sandbox,
  language: LanguageRecord,
  source: string,
  workDir: string,
  options: CompileOptions = {},
): Promise<CompileResult> {
  const boxDir = await createBoxDir(workDir, 'compile-');
  await writeFile(join(boxDir, language.sourceFile), source);
  if (!language.compileArgv) {
    for (const artifact of language.artifacts) {
      if (artifact !== language.sourceFile) await copyFile(join(boxDir, language.sourceFile), join(boxDir, artifact));
    }
    return { ok: true, missingArtifacts: [], artifactsDir: boxDir, compilerOutput: '', run: null };
  }
  for (const [name, text] of Object.entries(options.extraFiles ?? {})) {
    if (text === '') continue;
    assertPlainBoxName(name);
    await writeFile(join(boxDir, name), text);
  }
  const limits = language.compileLimits ?? { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 512 * mib };
  const run = await sandbox.run({
    argv: language.compileArgv,
    boxDir,
    writableBox: true,
    limits: {
      ...limits,
      stackKib: 256 * mib,
      processes: 128,
      outputBytes: compilerOutputCapBytes,
      fileSizeBytes: 256 * 1024 * 1024,
    },
    ...(language.compileEnv ? { env: language.compileEnv } : {}),
    stdin: { kind: 'ignore' },
    stdout: { kind: 'capture' },
    stderr: { kind: 'capture' },
    stderrCaptureBytes: compilerOutputCapBytes,
  });
  const clean = run.exitCode === 0 && run.limitHit === null;
  const missingArtifacts = clean ? await missing(boxDir, language.artifacts) : [];
  return {
    ok: clean && missingArtifacts.length === 0,
    missingArtifacts,
    artifactsDir: boxDir,
    compilerOutput: compilerText(run),
    run,
  };
}
