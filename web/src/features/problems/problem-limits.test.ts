import { describe, expect, it } from 'vitest';
import { checkCode, shownLimits } from './problem-limits';

describe('problem limits', () => {
  it('doubles the limits for languages other than C and C++', () => {
    expect(shownLimits({ problemId: 'P1000', timeLimit: 1000, memoryLimit: 256 })).toEqual({
      timeMs: 1000,
      memoryMb: 256,
      otherTimeMs: 2000,
      otherMemoryMb: 512,
    });
  });

  it('shows a single value for CF- and GYM- problems', () => {
    expect(shownLimits({ problemId: 'CF-1A', timeLimit: 1000, memoryLimit: 256 }).otherTimeMs).toBeNull();
    expect(shownLimits({ problemId: 'GYM-100001A', timeLimit: 1000, memoryLimit: 256 }).otherMemoryMb).toBeNull();
  });
});

describe('checkCode', () => {
  it('rejects code that is empty after trimming', () => {
    expect(checkCode('  \n\t')).toBe('empty');
  });

  it('rejects code longer than 65535 characters and accepts 65535', () => {
    expect(checkCode('a'.repeat(65536))).toBe('tooLong');
    expect(checkCode('a'.repeat(65535))).toBeNull();
  });
});
