import type { JudgeSettings } from '@oj/events';
import { chmod, copyFile, cp, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LanguageRecord } from '../languages/language';
import type { UserProgram } from '../modes/judge-mode';
import type { Sandbox } from '../sandbox/sandbox';
import type { BlobFiles } from '../test-data/blob-store';
import { compileInSandbox } from './compile-in-sandbox';
import { programLimits, runArgvFor } from './judging-limits';

export type PreparedUserProgram =
  | { readonly kind: 'ready'; readonly program: UserProgram }
  | { readonly kind: 'failed'; readonly verdict: 'CE' | 'SF'; readonly message: string };

export interface PrepareUserProgramInput {
  readonly sandbox: Sandbox;
  readonly blobs: BlobFiles;
  /** This attempt's private work directory (traversable by the sandbox uids). */
  readonly workDir: string;
  readonly language: LanguageRecord;
  readonly code: string;
  readonly settings: JudgeSettings;
}

const fallbackCompileLimits = { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 512 * 1024 };

/**
 * Compiles the user's code with the problem's user extra files beside it (they exist only for the compile,
 * judging.md §6), then copies the artifacts into a clean run directory. A failed compile is CE; a compile
 * that "succeeded" without its artifacts is SF, as in HOJ.
 */
export async function prepareUserProgram(input: PrepareUserProgramInput): Promise<PreparedUserProgram> {
  const { language, settings } = input;
  const compileDir = await makeBoxDir(input.workDir, 'compile');
  const runDir = await makeBoxDir(input.workDir, 'run');
  if (language.compileArgv) {
    await writeFile(path.join(compileDir, language.sourceFile), input.code);
    for (const [name, sha256] of Object.entries(settings.userExtraFiles)) {
      await copyFile(await input.blobs.fileFor(sha256), path.join(compileDir, name));
    }
    const limits = language.compileLimits ?? fallbackCompileLimits;
    const compiled = await compileInSandbox(input.sandbox, {
      boxDir: compileDir,
      argv: language.compileArgv,
      ...(language.compileEnv ? { env: language.compileEnv } : {}),
      ...limits,
      processes: Math.max(128, language.processes),
    });
    if (!compiled.ok) return { kind: 'failed', verdict: 'CE', message: compiled.message };
    for (const artifact of language.artifacts) {
      const from = path.join(compileDir, artifact);
      if (!(await exists(from))) {
        return { kind: 'failed', verdict: 'SF', message: `Executable file not found.\n${compiled.message}` };
      }
      await mkdir(path.dirname(path.join(runDir, artifact)), { recursive: true, mode: 0o755 });
      await cp(from, path.join(runDir, artifact), { recursive: true });
    }
  } else {
    await writeFile(path.join(runDir, language.sourceFile), input.code, { mode: 0o644 });
  }
  if (settings.fileIo) {
    // Mount points for the per-case file mounts: bwrap cannot create them inside a read-only /box.
    await writeFile(path.join(runDir, settings.fileIo.inputFileName), '', { mode: 0o644 });
    await writeFile(path.join(runDir, settings.fileIo.outputFileName), '', { mode: 0o644 });
  }
  const { limits, sandboxLimits } = programLimits(settings, language);
  return {
    kind: 'ready',
    program: {
      boxDir: runDir,
      argv: runArgvFor(language, limits),
      ...(language.runEnv ? { env: language.runEnv } : {}),
      limits,
      sandboxLimits,
    },
  };
}

/** A directory every sandbox uid can traverse and read (mkdtemp-style 0700 would lock them out). */
export async function makeBoxDir(parent: string, name: string): Promise<string> {
  const dir = path.join(parent, name);
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  return dir;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
