import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseScore } from './case-score';

describe('caseScore', () => {
  it('gives full marks for AC and nothing for other failures', () => {
    expect(caseScore('AC', null, 10)).toBe(10);
    expect(caseScore('WA', 0.5, 10)).toBe(0);
    expect(caseScore('CA', null, 10)).toBe(0);
  });

  it('floors the partial share and stays within [0, full]', () => {
    expect(caseScore('PA', 0.55, 10)).toBe(5);
    expect(caseScore('PA', null, 10)).toBe(0);
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.nat(1000), (percentage, full) => {
        const score = caseScore('PA', percentage, full);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(full);
      }),
    );
  });
});
