import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acRate, formatLength, formatMemory, formatTime } from './measures';

describe('measures', () => {
  it('shows an AC rate of 0 when nothing was submitted', () => {
    expect(acRate(0, 0)).toBe('0');
  });

  it('shows the AC rate with two decimals', () => {
    expect(acRate(1, 3)).toBe('33.33');
    expect(acRate(3, 3)).toBe('100.00');
  });

  it('keeps every AC rate between 0 and 100 with two decimals', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (a, b) => {
        const total = Math.max(a, b);
        const rate = acRate(Math.min(a, b), total);
        if (total === 0) return rate === '0';
        const value = Number(rate);
        return /^\d+\.\d\d$/.test(rate) && value >= 0 && value <= 100;
      }),
    );
  });

  it('steps memory by 1024 from KB upwards', () => {
    expect(formatMemory(512)).toBe('512KB');
    expect(formatMemory(2048)).toBe('2MB');
    expect(formatMemory(1536)).toBe('1.5MB');
    expect(formatMemory(1024 ** 3)).toBe('1TB');
  });

  it('shows -- for empty values', () => {
    expect(formatMemory(null)).toBe('--');
    expect(formatTime(undefined)).toBe('--');
    expect(formatLength(null)).toBe('--');
    expect(formatTime(15)).toBe('15ms');
  });
});
