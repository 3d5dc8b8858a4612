import type { JudgeSettings } from '@oj/events';
import { readFile } from 'node:fs/promises';
import { compileProgram } from '../languages/compile-program';
import type { LanguageRecord } from '../languages/language';
import { programLimits } from '../languages/program-limits';
import type { UserProgram } from '../modes/judge-mode';
import type { Sandbox } from '../sandbox/sandbox';
import type { BlobFiles } from '@oj/platform';

export type PreparedUserProgram =
  | { readonly kind: 'ready'; readonly program: UserProgram }
  | { readonly kind: 'failed'; readonly verdict: 'CE' | 'SF'; readonly message: string };

export interface PrepareUserProgramInput {
  readonly sandbox: Sandbox;
  readonly blobs: BlobFiles;
  /** This attempt's private work directory (from the languages layer's createWorkDir). */
  readonly workDir: string;
  readonly language: LanguageRecord;
  readonly code: string;
  readonly settings: JudgeSettings;
}

/**
 * Compiles the user's code with the problem's user extra files beside it (they exist only for the compile,
 * judging.md §6). A failed compile is CE; a compile that "succeeded" without its artifacts is SF, as in HOJ.
 */
export async function prepareUserProgram(input: PrepareUserProgramInput): Promise<PreparedUserProgram> {
  const { language, settings } = input;
  const extraFiles = await readTextFiles(input.blobs, settings.userExtraFiles);
  const compiled = await compileProgram(input.sandbox, language, input.code, input.workDir, { extraFiles });
  if (compiled.missingArtifacts.length > 0) {
    return { kind: 'failed', verdict: 'SF', message: `Executable file not found.\n${compiled.compilerOutput}` };
  }
  if (!compiled.ok) return { kind: 'failed', verdict: 'CE', message: compiled.compilerOutput };
  const problemLimits = {
    timeLimitMs: settings.timeLimitMs,
    memoryLimitKib: settings.memoryLimitMib * 1024,
    stackLimitKib: settings.stackLimitMib * 1024,
  };
  const { timeLimitMs, memoryLimitKib } = programLimits(language, problemLimits);
  return {
    kind: 'ready',
    program: { language, artifactsDir: compiled.artifactsDir, problemLimits, limits: { timeLimitMs, memoryLimitKib } },
  };
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
