import type { CompileCheckerReply, CompileCheckerRequest, JudgeSettings } from '@oj/events';
import { compiledJudgeProgram } from '../judging/judge-program-cache';
import type { Sandbox } from '../sandbox/sandbox';
import type { BlobStore } from '@oj/platform';

export interface CompileCheckerDeps {
  readonly sandbox: Sandbox;
  /** The checker source and extra files are stored here first, so a later judging finds the binary cached. */
  readonly blobs: BlobStore;
  readonly cacheDir: string;
}

/** Everything of a problem but its checker is irrelevant to compiling the checker. */
const compileOnlySettings: Omit<JudgeSettings, 'judgeMode' | 'judgeProgram' | 'judgeExtraFiles'> = {
  problemType: 'ACM',
  judgeCaseMode: 'default',
  timeLimitMs: 1_000,
  memoryLimitMib: 256,
  stackLimitMib: 256,
  isRemoveEndBlank: true,
  ioScore: 100,
  difficulty: 0,
  testDataVersion: 'compile-check',
  testCases: [],
  fileIo: null,
  userExtraFiles: {},
};

/**
 * Compiles a checker or interactor exactly as judging would (same language record, same includes and extra
 * files, same cache key), so "compiled successfully" here means a submission will not end SE over it.
 */
export async function compileChecker(
  deps: CompileCheckerDeps,
  request: CompileCheckerRequest,
  checkerIncludes: Readonly<Record<string, string>>,
): Promise<CompileCheckerReply> {
  const extraEntries = Object.entries(request.extraFiles).filter(([name, content]) => name !== '' && content !== '');
  const judgeExtraFiles = Object.fromEntries(
    await Promise.all(extraEntries.map(async ([name, content]) => [name, await deps.blobs.put(content)] as const)),
  );
  const settings: JudgeSettings = {
    ...compileOnlySettings,
    judgeMode: request.role === 'checker' ? 'spj' : 'interactive',
    judgeProgram: { language: request.language, sourceSha256: await deps.blobs.put(request.code) },
    judgeExtraFiles,
  };
  const compiled = await compiledJudgeProgram({
    sandbox: deps.sandbox,
    blobs: deps.blobs,
    cacheDir: deps.cacheDir,
    role: request.role,
    settings,
    checkerIncludes,
  });
  return compiled.ok ? { ok: true } : { ok: false, message: compiled.message };
}
