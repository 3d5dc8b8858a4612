/** The geometry of the slide verification (spec 000 §4: width 325, height 100, tolerance 3). */
export const slidePuzzle = { widthPx: 325, heightPx: 100, tolerancePx: 3, pieceSizePx: 40 } as const;

/** The piece counts as placed when it lies within the tolerance of the gap, either side. */
export const isSlidePlaced = (positionPx: number, gapPx: number, tolerancePx: number = slidePuzzle.tolerancePx) =>
  Math.abs(positionPx - gapPx) <= tolerancePx;

/** A gap far enough from the start that an untouched slider never passes; `unit` is a number in [0, 1). */
export const gapPosition = (unit: number, widthPx: number = slidePuzzle.widthPx) => {
  const minPx = slidePuzzle.pieceSizePx * 1.5;
  const maxPx = widthPx - slidePuzzle.pieceSizePx - 8;
  return Math.round(minPx + unit * (maxPx - minPx));
};
