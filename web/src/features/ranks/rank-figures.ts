/** Spec 000 §9: the AC rate with two decimals, 0 when there is no submission. */
export const acRateText = (ac: number, total: number): string =>
  total === 0 ? '0.00%' : `${((ac / total) * 100).toFixed(2)}%`;
