import { describe, expect, it } from 'vitest';
import { hasCaseResults } from './case-results';

describe('hasCaseResults', () => {
  it('is false when the problem hides its cases or none were judged (a compile error)', () => {
    expect(hasCaseResults(null)).toBe(false);
    expect(hasCaseResults({ judgeCaseMode: 'default', judgeCaseList: [] })).toBe(false);
    expect(hasCaseResults({ judgeCaseList: null, subTaskJudgeCaseVoList: [] })).toBe(false);
  });

  it('is true for judged test points or subtasks', () => {
    expect(hasCaseResults({ judgeCaseList: [{ status: 0 }] })).toBe(true);
    expect(hasCaseResults({ subTaskJudgeCaseVoList: [{ groupNum: 1, status: 0, subtaskDetailList: [] }] })).toBe(true);
  });
});
