import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSaveProblemBody,
  emptyProblemForm,
  placeInContest,
  splitScores,
  validateProblemForm,
  type ProblemForm,
} from './problem-form-state';

const validForm = (): ProblemForm => ({
  ...emptyProblemForm('root'),
  problemId: 'P1000',
  title: 'A+B',
  input: 'two numbers',
  output: 'their sum',
  cases: [{ input: '1.in', output: '1.out', score: 100, groupNum: 1 }],
  uploadTestcaseDir: 'dir',
  languages: ['C++'],
});

describe('placeInContest', () => {
  const twoCases = { ...validForm(), cases: [0, 1].map(() => ({ input: 'in', output: 'out', score: 0, groupNum: 1 })) };

  it('makes a new problem a contest problem of the contest type, splitting the OI points', () => {
    expect(placeInContest(twoCases, { contestType: 1, locksAuth: true })).toMatchObject({
      type: 1,
      auth: 3,
      cases: [{ score: 50 }, { score: 50 }],
    });
  });

  it('keeps the auth of an edited problem and leaves a problem without a contest alone', () => {
    const hidden = { ...twoCases, auth: 2 as const };
    expect(placeInContest(hidden, { contestType: 0, locksAuth: false })).toEqual(hidden);
    expect(placeInContest(hidden, null)).toBe(hidden);
  });
});

describe('splitScores', () => {
  it('splits 100 evenly, the remainder on the last cases', () => {
    expect(splitScores(3)).toEqual([33, 33, 34]);
    expect(splitScores(7)).toEqual([14, 14, 14, 14, 14, 15, 15]);
    expect(splitScores(0)).toEqual([]);
  });

  it('always sums to the total and differs by at most one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (count) => {
        const scores = splitScores(count);
        return (
          scores.length === count &&
          scores.reduce((a, b) => a + b, 0) === 100 &&
          Math.max(...scores) - Math.min(...scores) <= 1
        );
      }),
    );
  });
});

describe('validateProblemForm', () => {
  it('accepts a complete problem', () => {
    expect(validateProblemForm(validForm())).toBeNull();
  });

  it('requires the display id first', () => {
    expect(validateProblemForm({ ...validForm(), problemId: ' ' })?.key).toBe('validation.displayIdRequired');
  });

  it('requires uploaded test data in upload mode', () => {
    expect(validateProblemForm({ ...validForm(), cases: [] })?.key).toBe('validation.samplesRequired');
  });

  it('requires each manual sample to have input or output', () => {
    const form = { ...validForm(), isUploadCase: false, cases: [{ input: '', output: '', score: 0, groupNum: 1 }] };
    expect(validateProblemForm(form)?.key).toBe('validation.manualCaseEmpty');
  });

  it('requires a non-negative score per case for OI', () => {
    const form: ProblemForm = { ...validForm(), type: 1, cases: [{ input: 'a', output: 'b', score: '', groupNum: 1 }] };
    expect(validateProblemForm(form)?.key).toBe('validation.scoreInvalid');
  });

  it('requires both file names for file IO', () => {
    expect(validateProblemForm({ ...validForm(), isFileIO: true, ioReadFileName: 'a.in' })?.key).toBe(
      'validation.fileIoNames',
    );
  });

  it('requires a compiled checker when its code changed', () => {
    const form: ProblemForm = { ...validForm(), judgeMode: 'spj', spjCode: 'int main(){}', isSpjChanged: true };
    expect(validateProblemForm(form)?.key).toBe('validation.spjNotCompiled');
  });

  it('requires a language and non-empty enabled templates', () => {
    expect(validateProblemForm({ ...validForm(), languages: [] })?.key).toBe('validation.languageRequired');
    const form = { ...validForm(), templates: [{ language: 'C++', code: ' ', enabled: true }] };
    expect(validateProblemForm(form)).toEqual({ key: 'validation.templateEmpty', values: { language: 'C++' } });
  });
});

describe('buildSaveProblemBody', () => {
  it('sends HOJ field names with examples as one string and language ids', () => {
    const form = { ...validForm(), examples: [{ input: '1 2', output: '3' }] };
    const body = buildSaveProblemBody(form, new Map([['C++', 2]]), false);
    expect(body.problem.examples).toBe('<input>1 2</input><output>3</output>');
    expect(body.languages).toEqual([{ id: 2, name: 'C++' }]);
    expect(body.isUploadTestCase).toBe(true);
    expect(body.uploadTestcaseDir).toBe('dir');
    expect(body.samples).toEqual([{ input: '1.in', output: '1.out', score: 0, groupNum: 1 }]);
  });
});
