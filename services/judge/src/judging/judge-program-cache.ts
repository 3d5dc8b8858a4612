import type { JudgeSettings } from '@oj/events';
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JudgeProgram } from '../modes/judge-mode';
import type { Sandbox } from '../sandbox/sandbox';
import type { BlobFiles } from '../test-data/blob-store';
import { compileInSandbox } from './compile-in-sandbox';
import { makeBoxDir } from './user-program';

type Role = 'checker' | 'interactor';

interface JudgeProgramLanguage {
  readonly sourceFile: (role: Role) => string;
  readonly argv: (source: string, executable: string) => string[];
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
}

/**
 * HOJ's SPJ-C / SPJ-C++ configs (judging.md §2.2), plus `-I/box` so that `#include <testlib.h>` finds an
 * uploaded include as well as `#include "testlib.h"` does.
 */
const judgeProgramLanguages: Readonly<Record<'C' | 'C++', JudgeProgramLanguage>> = {
  C: {
    sourceFile: (role) => `${role}.c`,
    argv: (source, exe) => [
      '/usr/bin/gcc',
      '-DONLINE_JUDGE',
      '-O2',
      '-w',
      '-fmax-errors=3',
      '-std=c11',
      '-I/box',
      source,
      '-lm',
      '-o',
      exe,
    ],
    cpuTimeMs: 10_000,
    wallTimeMs: 20_000,
  },
  'C++': {
    sourceFile: (role) => `${role}.cpp`,
    argv: (source, exe) => [
      '/usr/bin/g++',
      '-DONLINE_JUDGE',
      '-O2',
      '-w',
      '-fmax-errors=3',
      '-std=c++14',
      '-I/box',
      source,
      '-lm',
      '-o',
      exe,
    ],
    cpuTimeMs: 15_000,
    wallTimeMs: 30_000,
  },
};

/** HOJ's language names for checkers: "C", "C++" (also "SPJ-C++", "C++ 17 With O2" … by their family). */
function judgeProgramLanguage(name: string): JudgeProgramLanguage | null {
  if (name.includes('++') || /cpp/i.test(name)) return judgeProgramLanguages['C++'];
  if (/^(SPJ-|INTERACTIVE-)?C(\s|$)/.test(name)) return judgeProgramLanguages.C;
  return null;
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
 * it by caseVersion and once recompiled the interactor with the wrong config, §12.9).
 */
export async function compiledJudgeProgram(input: JudgeProgramCacheInput): Promise<CompiledJudgeProgram> {
  const spec = input.settings.judgeProgram;
  if (!spec) return { ok: false, message: `This judge mode needs a ${input.role}, and the problem has none` };
  const language = judgeProgramLanguage(spec.language);
  if (!language) return { ok: false, message: `A ${input.role} cannot be written in ${spec.language}` };
  const files = { ...input.checkerIncludes, ...input.settings.judgeExtraFiles };
  const source = language.sourceFile(input.role);
  const executable = input.role;
  const argv = language.argv(source, executable);
  const key = createHash('sha256')
    .update(JSON.stringify({ argv, source: spec.sourceSha256, files: Object.entries(files).sort() }))
    .digest('hex');
  const root = path.join(input.cacheDir, 'judge-programs');
  const finalDir = path.join(root, key);
  const program = { boxDir: finalDir, argv: [`/box/${executable}`] };
  if (await exists(path.join(finalDir, executable))) return { ok: true, program };

  const buildDir = await makeBoxDir(root, `build-${randomUUID()}`);
  try {
    for (const [name, sha256] of Object.entries(files)) {
      await copyFile(await input.blobs.fileFor(sha256), path.join(buildDir, name));
    }
    await copyFile(await input.blobs.fileFor(spec.sourceSha256), path.join(buildDir, source));
    const compiled = await compileInSandbox(input.sandbox, {
      boxDir: buildDir,
      argv,
      cpuTimeMs: language.cpuTimeMs,
      wallTimeMs: language.wallTimeMs,
      memoryKib: 512 * 1024,
    });
    if (!compiled.ok || !(await exists(path.join(buildDir, executable)))) {
      return { ok: false, message: `The ${input.role} failed to compile:\n${compiled.message}` };
    }
    await mkdir(root, { recursive: true });
    // Another judge may have finished the same key first; its binary is as good as ours.
    await rename(buildDir, finalDir).catch(async (error: unknown) => {
      if (!(await exists(path.join(finalDir, executable)))) throw error;
    });
    return { ok: true, program };
  } finally {
    await rm(buildDir, { recursive: true, force: true });
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
