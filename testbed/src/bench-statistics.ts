/** The sample at percentile `p` (nearest rank): p99 of 1,000 samples is the 990th smallest. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Milliseconds as the benches print them: two decimals. */
export const ms = (value: number): number => Math.round(value * 100) / 100;
