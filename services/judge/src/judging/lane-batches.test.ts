import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { someJudgeSettings } from '@oj/events/testing';
import { batchesApply, batchesBySize } from './lane-batches';

describe('batchesBySize', () => {
  it('keeps every case once and in order; a batch is one case or fits the bound', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 })), fc.integer({ min: 1, max: 30 }), (sizes, bound) => {
        const batches = batchesBySize(sizes, bound);
        expect(batches.flat()).toEqual(sizes.map((_, i) => i));
        for (const batch of batches) {
          const total = batch.reduce((sum, i) => sum + (sizes[i] ?? 0), 0);
          expect(batch.length === 1 || total <= bound).toBe(true);
        }
      }),
    );
  });

  it('runs an input over the bound on its own', () => {
    expect(batchesBySize([1, 50, 1, 1], 10)).toEqual([[0], [1], [2, 3]]);
  });
});

describe('batchesApply', () => {
  it('batches only the standard judge mode without file IO under the modes that run every case', () => {
    const settings = someJudgeSettings();
    expect(batchesApply({ ...settings, judgeMode: 'default', judgeCaseMode: 'default' })).toBe(true);
    expect(batchesApply({ ...settings, judgeMode: 'default', judgeCaseMode: 'subtask_average' })).toBe(true);
    expect(batchesApply({ ...settings, judgeMode: 'default', judgeCaseMode: 'subtask_lowest' })).toBe(false);
    expect(batchesApply({ ...settings, judgeMode: 'default', judgeCaseMode: 'ergodic_without_error' })).toBe(false);
    expect(batchesApply({ ...settings, judgeMode: 'spj', judgeCaseMode: 'default' })).toBe(false);
    expect(batchesApply({ ...settings, judgeMode: 'interactive', judgeCaseMode: 'default' })).toBe(false);
    const fileIo = { inputFileName: 'a.in', outputFileName: 'a.out' };
    expect(batchesApply({ ...settings, judgeMode: 'default', judgeCaseMode: 'default', fileIo })).toBe(false);
  });
});
