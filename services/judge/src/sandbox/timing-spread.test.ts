import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correlation, insideTukeyFences, spreadOf, standardDeviation } from './timing-spread';

const series = fc.array(fc.double({ min: 900, max: 1100, noNaN: true }), { minLength: 3, maxLength: 60 });

describe('timing spread figures', () => {
  it('spread is (max − min) / median', () => {
    expect(spreadOf([1000, 1010, 990])).toBeCloseTo(0.02);
  });

  it('spread and correlation do not change when every time is scaled', () => {
    fc.assert(
      fc.property(series, fc.double({ min: 0.5, max: 2, noNaN: true }), (values, factor) => {
        const scaled = values.map((value) => value * factor);
        expect(spreadOf(scaled)).toBeCloseTo(spreadOf(values), 9);
        if (standardDeviation(values) > 1e-6) expect(correlation(values, scaled)).toBeCloseTo(1, 6);
      }),
    );
  });

  it('correlation lies in [−1, 1] and is −1 for a mirrored series', () => {
    fc.assert(
      fc.property(series, series, (xs, ys) => {
        const n = Math.min(xs.length, ys.length);
        const r = correlation(xs.slice(0, n), ys.slice(0, n));
        if (Number.isFinite(r)) expect(Math.abs(r)).toBeLessThanOrEqual(1 + 1e-9);
        if (standardDeviation(xs) > 1e-6)
          expect(
            correlation(
              xs,
              xs.map((x) => -x),
            ),
          ).toBeCloseTo(-1, 6);
      }),
    );
  });

  it("Tukey's fences keep every value of a tight series and leave out one far away", () => {
    expect(insideTukeyFences([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1050])).toEqual([
      ...Array<boolean>(8).fill(true),
      false,
    ]);
    fc.assert(
      fc.property(series, (values) => {
        const inside = insideTukeyFences(values);
        const sorted = [...values].sort((a, b) => a - b);
        // The middle half is always inside.
        const kept = values.filter((_, index) => inside[index]);
        expect(kept).toContain(sorted[Math.floor(sorted.length / 2)]);
      }),
    );
  });
});
