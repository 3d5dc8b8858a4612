import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ioScoreOf } from './problem-io-score';

const cases = fc.array(
  fc.record({ score: fc.integer({ min: 0, max: 100 }), groupNum: fc.integer({ min: 1, max: 4 }) }),
  {
    maxLength: 12,
  },
);

describe('ioScoreOf', () => {
  it('sums every case in default mode', () => {
    fc.assert(
      fc.property(cases, (list) => {
        expect(ioScoreOf(list, 'default')).toBe(list.reduce((sum, testCase) => sum + testCase.score, 0));
      }),
    );
  });

  it('gives each subtask its score once when every case of a group carries it (both subtask modes)', () => {
    const groupScores = fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(groupScores, fc.integer({ min: 1, max: 3 }), (scores, size) => {
        const list = scores.flatMap((score, index) =>
          Array.from({ length: size }, () => ({ score, groupNum: index + 1 })),
        );
        const total = scores.reduce((sum, score) => sum + score, 0);
        expect(ioScoreOf(list, 'subtask_lowest')).toBe(total);
        expect(ioScoreOf(list, 'subtask_average')).toBe(total);
      }),
    );
  });

  it('does not depend on the order of the cases, and lowest never exceeds average', () => {
    fc.assert(
      fc.property(cases, (list) => {
        const reversed = [...list].reverse();
        expect(ioScoreOf(reversed, 'subtask_lowest')).toBe(ioScoreOf(list, 'subtask_lowest'));
        expect(ioScoreOf(reversed, 'subtask_average')).toBe(ioScoreOf(list, 'subtask_average'));
        expect(ioScoreOf(list, 'subtask_lowest')).toBeLessThanOrEqual(ioScoreOf(list, 'subtask_average'));
      }),
    );
  });
});
