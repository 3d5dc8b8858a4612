import type { JudgeSettings } from '@oj/events';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compileProgram, type CompileResult } from '../languages/compile-program';
import type { LanguageRecord } from '../languages/language';
import { programLimits } from '../languages/program-limits';
import type { UserProgram } from '../modes/judge-mode';
import type { Sandbox } from '../sandbox/sandbox';
import type { BlobFiles } from '@oj/platform';
import { createBoxDir } from '../languages/work-dir';

export interface FailedUserProgram {
  readonly kind: 'failed';
  readonly verdict: 'CE' | 'SF';
  readonly message: string;
}

export type PreparedUserProgram =
  | {
      readonly kind: 'ready';
      readonly program: UserProgram;
      /**
       * Present when the compile was deferred (`deferCompileCheck`): compiles once, on the first call, and
       * answers the failure the eager compile would have given, or null.
       */
      readonly checkSource?: () => Promise<FailedUserProgram | null>;
    }
  | FailedUserProgram;

export interface PrepareUserProgramInput {
  readonly sandbox: Sandbox;
  readonly blobs: BlobFiles;
  /** This attempt's private work directory (from the languages layer's createWorkDir). */
  readonly workDir: string;
  readonly language: LanguageRecord;
  readonly code: string;
  readonly settings: JudgeSettings;
  /**
   * For a language whose compile only checks the source (`compileChecksOnly`): place the source as the
   * artifact and leave the compile to `checkSource`, which the caller runs when a case is not AC.
   */
  readonly deferCompileCheck?: boolean;
}

/**
 * Compiles the user's code with the problem's user extra files beside it (they exist only for the compile,
 * judging.md §6). A failed compile is CE; a compile that "succeeded" without its artifacts is SF, as in HOJ.
 */
export async function prepareUserProgram(input: PrepareUserProgramInput): Promise<PreparedUserProgram> {
  const { language, settings } = input;
  const compile = async () => {
    const extraFiles = await readTextFiles(input.blobs, settings.userExtraFiles);
    return compileProgram(input.sandbox, language, input.code, input.workDir, { extraFiles });
  };
  const sourceIsArtifact = language.artifacts.every((artifact) => artifact === language.sourceFile);
  if (input.deferCompileCheck && language.compileChecksOnly && sourceIsArtifact) {
    const artifactsDir = await createBoxDir(input.workDir, 'source-');
    await writeFile(join(artifactsDir, language.sourceFile), input.code);
    let checked: Promise<FailedUserProgram | null> | undefined;
    const checkSource = () => (checked ??= compile().then(compileFailure));
    return { kind: 'ready', program: userProgram(input, artifactsDir), checkSource };
  }
  const compiled = await compile();
  return compileFailure(compiled) ?? { kind: 'ready', program: userProgram(input, compiled.artifactsDir) };
}

function compileFailure(compiled: CompileResult): FailedUserProgram | null {
  if (compiled.missingArtifacts.length > 0) {
    return { kind: 'failed', verdict: 'SF', message: `Executable file not found.\n${compiled.compilerOutput}` };
  }
  return compiled.ok ? null : { kind: 'failed', verdict: 'CE', message: compiled.compilerOutput };
}

function userProgram({ language, settings }: PrepareUserProgramInput, artifactsDir: string): UserProgram {
  const problemLimits = {
    timeLimitMs: settings.timeLimitMs,
    memoryLimitKib: settings.memoryLimitMib * 1024,
    stackLimitKib: settings.stackLimitMib * 1024,
  };
  const { timeLimitMs, memoryLimitKib } = programLimits(language, problemLimits);
  return { language, artifactsDir, problemLimits, limits: { timeLimitMs, memoryLimitKib } };
}

/** Extra files are text in HOJ (a JSON map of name → content); here they arrive by blob hash. */
export async function readTextFiles(
  blobs: BlobFiles,
  files: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const [name, sha256] of Object.entries(files)) texts[name] = await readFile(await blobs.fileFor(sha256), 'utf8');
  return texts;
}
