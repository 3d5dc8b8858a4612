/**
 * Spec 000 §2.4: limits are shown for C and C++ and doubled for other languages; remote CF- and GYM- problems
 * show a single value.
 */
export type ShownLimits = {
  timeMs: number;
  memoryMb: number;
  otherTimeMs: number | null;
  otherMemoryMb: number | null;
};

export const shownLimits = (problem: { problemId: string; timeLimit: number; memoryLimit: number }): ShownLimits => {
  const isSingle = /^(CF|GYM)-/i.test(problem.problemId);
  return {
    timeMs: problem.timeLimit,
    memoryMb: problem.memoryLimit,
    otherTimeMs: isSingle ? null : problem.timeLimit * 2,
    otherMemoryMb: isSingle ? null : problem.memoryLimit * 2,
  };
};

/** Spec 000 §5: what the editor checks before a submit. */
export const maxCodeLength = 65535;
export type CodeProblem = 'empty' | 'tooLong' | null;
export const checkCode = (code: string): CodeProblem => {
  if (code.trim() === '') return 'empty';
  if (code.length > maxCodeLength) return 'tooLong';
  return null;
};

/** Spec 000 §5: test-run input at most 1000 characters. */
export const maxTestInputLength = 1000;
