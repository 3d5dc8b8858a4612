import { describe, expect, it } from 'vitest';
import { hasCaseResults, interactionStory, notedCases } from './case-results';

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

describe('issue 11 item 3: interactionStory', () => {
  const tle = 1;
  const wrongAnswer = -1;

  it('tells that the interactor rejected the answer first, then the program ran out of time', () => {
    const result = {
      seq: 3,
      status: tle,
      interaction: { interactorStatus: wrongAnswer, firstToFinish: 'interactor' as const },
    };
    expect(interactionStory(result, 2)).toEqual({
      key: 'interactorFirst',
      n: 3,
      interactor: 'rejected',
      program: 'timeLimit',
    });
  });

  it('tells the other order, and no order when the judge could not tell', () => {
    const crashed = { seq: 1, status: 3, interaction: { interactorStatus: -3, firstToFinish: 'program' as const } };
    expect(interactionStory(crashed, 0)).toMatchObject({ key: 'programFirst', interactor: 'formatRejected' });
    const unknown = { ...crashed, interaction: { interactorStatus: 0, firstToFinish: null } };
    expect(interactionStory(unknown, 0)).toMatchObject({ key: 'unordered', interactor: 'accepted' });
  });

  it('says nothing when the interactor decided the case, or outside interactive problems', () => {
    expect(interactionStory({ status: wrongAnswer, interaction: { interactorStatus: wrongAnswer } }, 0)).toBeNull();
    expect(interactionStory({ status: tle, interaction: null }, 0)).toBeNull();
  });
});

describe('issue 11 item 2: notedCases', () => {
  it('keeps the cases with a message or a story, with their position', () => {
    const cases = [
      { seq: 1, status: 0, userOutput: null },
      { seq: 2, status: -1, userOutput: 'wrong answer on line 3: expected 5, found 4' },
      { seq: 3, status: 0, userOutput: '' },
    ];
    expect(notedCases(cases).map(({ result, index }) => [result.seq, index])).toEqual([[2, 1]]);
  });
});
