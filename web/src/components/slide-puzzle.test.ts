import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gapPosition, isSlidePlaced, slidePuzzle } from './slide-puzzle';

describe('slide puzzle (spec 000 §4: width 325, height 100, tolerance 3)', () => {
  it('places the piece exactly when it is within 3 px of the gap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 325 }), fc.integer({ min: 0, max: 325 }), (position, gap) => {
        expect(isSlidePlaced(position, gap)).toBe(Math.abs(position - gap) <= slidePuzzle.tolerancePx);
      }),
    );
  });

  it('puts the gap inside the picture and out of reach of an untouched slider', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (unit) => {
        const gap = gapPosition(unit);
        expect(gap + slidePuzzle.pieceSizePx).toBeLessThanOrEqual(slidePuzzle.widthPx);
        expect(isSlidePlaced(0, gap)).toBe(false);
      }),
    );
  });
});
