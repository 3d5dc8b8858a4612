/** Which result card a finished test run shows (spec 000 §4), as a key of the problems namespace or a status. */
export type TestRunHeadline =
  | { kind: 'none' }
  | { kind: 'compileFailed' }
  | { kind: 'passSample'; sample: number }
  | { kind: 'success'; isUncertain: boolean }
  | { kind: 'verdict'; status: number };

const accepted = 0;
const wrongAnswer = -1;
const compileError = -2;
const notSubmitted = -10;

export const testRunHeadline = (
  result: { status: number; problemJudgeMode?: string | null } | null,
  sampleIndex: number | null,
): TestRunHeadline => {
  if (!result || result.status === notSubmitted) return { kind: 'none' };
  if (result.status === compileError) return { kind: 'compileFailed' };
  // Test runs ignore the checker, so a special judge's AC or WA is only a guess.
  const isSpecial = result.problemJudgeMode === 'spj' || result.problemJudgeMode === 'interactive';
  if (isSpecial && (result.status === accepted || result.status === wrongAnswer))
    return { kind: 'success', isUncertain: true };
  if (result.status === accepted)
    return sampleIndex === null
      ? { kind: 'success', isUncertain: false }
      : { kind: 'passSample', sample: sampleIndex + 1 };
  return { kind: 'verdict', status: result.status };
};
