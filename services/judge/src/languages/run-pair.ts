import { createSandboxPipe } from '../sandbox/sandbox-pipe';
import type { Sandbox } from '../sandbox/sandbox';
import type { LanguageRecord } from './language';
import { prepareRun, type ProgramRun, type RunProgramOptions } from './run-program';

export interface PairSide {
  readonly language: LanguageRecord;
  readonly artifactsDir: string;
  readonly options: Omit<RunProgramOptions, 'stdin' | 'stdout'>;
}

/**
 * Interactive judging (judging.md §5.3): runs two programs at once, each in its own slot, with
 * the first's stdout feeding the second's stdin and the second's stdout feeding the first's stdin.
 * Each side's own outputBytes caps what it can send. Needs a sandbox with ≥ 2 slots.
 */
export async function runPair(sandbox: Sandbox, first: PairSide, second: PairSide): Promise<[ProgramRun, ProgramRun]> {
  const firstToSecond = createSandboxPipe();
  const secondToFirst = createSandboxPipe();
  const preparedFirst = await prepareRun(first.language, first.artifactsDir, {
    ...first.options,
    stdin: { kind: 'pipe', pipe: secondToFirst },
    stdout: { kind: 'pipe', pipe: firstToSecond },
  });
  const preparedSecond = await prepareRun(second.language, second.artifactsDir, {
    ...second.options,
    stdin: { kind: 'pipe', pipe: firstToSecond },
    stdout: { kind: 'pipe', pipe: secondToFirst },
  });
  const [firstResult, secondResult] = await sandbox.runTogether([preparedFirst.request, preparedSecond.request]);
  if (!firstResult || !secondResult) throw new Error('runTogether returned fewer results than requests');
  return [await preparedFirst.finish(firstResult), await preparedSecond.finish(secondResult)];
}
