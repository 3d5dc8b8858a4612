import type { ProblemDefinition } from '@oj/events';

type ScoredCase = { readonly score: number; readonly groupNum: number };

/**
 * The problem's total OI score by judging.md §4.4's per-mode rule: default sums the case scores,
 * subtask_lowest sums each group's minimum, subtask_average each group's rounded average. HOJ sums every case
 * when a problem is first created whatever the mode (a quirk we don't copy: the total would then be wrong
 * until the first edit).
 */
export function ioScoreOf(cases: readonly ScoredCase[], mode: ProblemDefinition['judgeCaseMode']): number {
  if (mode !== 'subtask_lowest' && mode !== 'subtask_average') {
    return cases.reduce((sum, testCase) => sum + testCase.score, 0);
  }
  const groups = new Map<number, number[]>();
  for (const testCase of cases)
    groups.set(testCase.groupNum, [...(groups.get(testCase.groupNum) ?? []), testCase.score]);
  let total = 0;
  for (const scores of groups.values()) {
    total +=
      mode === 'subtask_lowest'
        ? Math.min(...scores)
        : Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
  }
  return total;
}
