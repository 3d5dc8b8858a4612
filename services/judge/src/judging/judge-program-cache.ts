import type { JudgeSettings } from '@oj/events';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { compileProgram } from '../languages/compile-program';
import type { LanguageRecord } from '../languages/language';
import { createWorkDir, removeWorkDir } from '../languages/work-dir';
import type { JudgeProgram } from '../modes/judge-mode';
import type { Sandbox } from '../sandbox/sandbox';
import type { BlobFiles } from '@oj/platform';
import { readTextFiles } from './user-program';

type Role = 'checker' | 'interactor';

const mib = 1024;

/**
 * A checker or interactor as a language record of its own: HOJ's SPJ-C / SPJ-C++ configs (judging.md §2.2),
 * plus `-I/box` so `#include <testlib.h>` finds an uploaded include as `#include "testlib.h"` does.
 */
function judgeProgramLanguage(languageName: string, role: Role): LanguageRecord | null {
  const isCpp = languageName.includes('++') || /cpp/i.test(languageName);
  const isC = !isCpp && /^(SPJ-|INTERACTIVE-)?C(\s|$)/.test(languageName);
  if (!isCpp && !isC) return null;
  const sourceFile = `${role}.${isCpp ? 'cpp' : 'c'}`;
  const compiler = isCpp ? ['/usr/bin/g++', '-std=c++14'] : ['/usr/bin/gcc', '-std=c11'];
  const [binary = '', standard = ''] = compiler;
  return {
    name: `${role} (${isCpp ? 'C++' : 'C'})`,
    contentType: isCpp ? 'text/x-c++src' : 'text/x-csrc',
    sourceFile,
    compileArgv: [
      binary,
      '-DONLINE_JUDGE',
      '-O2',
      '-w',
      '-fmax-errors=3',
      standard,
      '-I/box',
      sourceFile,
      '-lm',
      '-o',
      role,
    ],
    compileLimits: isCpp
      ? { cpuTimeMs: 15_000, wallTimeMs: 30_000, memoryKib: 512 * mib }
      : { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 512 * mib },
    runArgv: [`/box/${role}`],
    artifacts: [role],
    timeFactor: 1,
    memoryFactor: 1,
    runtimeOverheadKib: 0,
    processes: 16,
    requiredBinaries: [binary],
    selfTestSource: '',
    description: `${role} compiled by ${binary}`,
  };
}

export type CompiledJudgeProgram =
  { readonly ok: true; readonly program: JudgeProgram } | { readonly ok: false; readonly message: string };

export interface JudgeProgramCacheInput {
  readonly sandbox: Sandbox;
  readonly blobs: BlobFiles;
  /** The worker's cache directory; compiled programs live in `judge-programs/<key>`. */
  readonly cacheDir: string;
  readonly role: Role;
  readonly settings: JudgeSettings;
  readonly checkerIncludes: Readonly<Record<string, string>>;
}

/**
 * Compiles the checker or interactor once per distinct (source, includes, extra files) and keeps the binary
 * under a key derived from their hashes, so a changed checker or include never reuses a stale binary (HOJ keys
 * it by caseVersion, and once recompiled the interactor with the wrong config, §12.9).
 */
export async function compiledJudgeProgram(input: JudgeProgramCacheInput): Promise<CompiledJudgeProgram> {
  const spec = input.settings.judgeProgram;
  if (!spec) return { ok: false, message: `This judge mode needs a ${input.role}, and the problem has none` };
  const language = judgeProgramLanguage(spec.language, input.role);
  if (!language) return { ok: false, message: `A ${input.role} cannot be written in ${spec.language}` };
  const files = { ...input.checkerIncludes, ...input.settings.judgeExtraFiles };
  const key = createHash('sha256')
    .update(
      JSON.stringify({ argv: language.compileArgv, source: spec.sourceSha256, files: Object.entries(files).sort() }),
    )
    .digest('hex');
  const root = path.join(input.cacheDir, 'judge-programs');
  const cachedDir = path.join(root, key);
  const program = { language, artifactsDir: cachedDir };
  if (await exists(path.join(cachedDir, input.role))) return { ok: true, program };

  await mkdir(root, { recursive: true, mode: 0o755 });
  const workDir = await createWorkDir(root);
  try {
    const source = await readFile(await input.blobs.fileFor(spec.sourceSha256), 'utf8');
    const extraFiles = await readTextFiles(input.blobs, files);
    const compiled = await compileProgram(input.sandbox, language, source, workDir, { extraFiles });
    if (!compiled.ok) return { ok: false, message: `The ${input.role} failed to compile:\n${compiled.compilerOutput}` };
    // Another judge may have finished the same key first; its binary is as good as ours.
    await rename(compiled.artifactsDir, cachedDir).catch(async (error: unknown) => {
      if (!(await exists(path.join(cachedDir, input.role)))) throw error;
    });
    return { ok: true, program };
  } finally {
    await removeWorkDir(workDir);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
