import { median } from './bench-programs';

/** Figures of the timing bench (sandbox-timing.bench.ts) over a series of CPU times. */

/** The figure issue 14 names: (max − min) / median. */
export const spreadOf = (values: readonly number[]) => (Math.max(...values) - Math.min(...values)) / median(values);

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Population standard deviation. */
export const standardDeviation = (values: readonly number[]) => {
  const middle = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - middle) ** 2)));
};

const quantile = (sorted: readonly number[], q: number) => sorted[Math.round(q * (sorted.length - 1))] ?? Number.NaN;

/** Whether each value lies inside Tukey's fences (Q1 − 1.5 IQR, Q3 + 1.5 IQR) of all of them. */
export function insideTukeyFences(values: readonly number[]): boolean[] {
  const sorted = [...values].sort((a, b) => a - b);
  const [q1, q3] = [quantile(sorted, 0.25), quantile(sorted, 0.75)];
  const [low, high] = [q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)];
  return values.map((value) => value >= low && value <= high);
}

/** Pearson's correlation of two series of the same length (NaN when either is constant). */
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const [meanX, meanY] = [mean(xs), mean(ys)];
  const covariance = mean(xs.map((x, index) => (x - meanX) * ((ys[index] ?? Number.NaN) - meanY)));
  return covariance / (standardDeviation(xs) * standardDeviation(ys));
}
