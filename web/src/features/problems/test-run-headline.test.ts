import { describe, expect, it } from 'vitest';
import { testRunHeadline } from './test-run-headline';

describe('testRunHeadline', () => {
  it('shows "no test judge yet" before any run and for status -10', () => {
    expect(testRunHeadline(null, null)).toEqual({ kind: 'none' });
    expect(testRunHeadline({ status: -10 }, 0)).toEqual({ kind: 'none' });
  });

  it('shows the compile-failed card for a compile error', () => {
    expect(testRunHeadline({ status: -2 }, null)).toEqual({ kind: 'compileFailed' });
  });

  it('says which sample passed when the input was a sample', () => {
    expect(testRunHeadline({ status: 0, problemJudgeMode: 'default' }, 1)).toEqual({ kind: 'passSample', sample: 2 });
  });

  it('says success for an accepted custom input', () => {
    expect(testRunHeadline({ status: 0 }, null)).toEqual({ kind: 'success', isUncertain: false });
  });

  it('says success with an uncertain answer for special judges on AC or WA', () => {
    expect(testRunHeadline({ status: -1, problemJudgeMode: 'spj' }, 0)).toEqual({ kind: 'success', isUncertain: true });
    expect(testRunHeadline({ status: 0, problemJudgeMode: 'interactive' }, null)).toEqual({
      kind: 'success',
      isUncertain: true,
    });
  });

  it('shows the verdict otherwise', () => {
    expect(testRunHeadline({ status: 1 }, 0)).toEqual({ kind: 'verdict', status: 1 });
    expect(testRunHeadline({ status: -1, problemJudgeMode: 'default' }, 0)).toEqual({ kind: 'verdict', status: -1 });
  });
});
