import type { Verdict } from './verdict';

/**
 * A case's OI score (judging.md §4.2): full marks for AC, floor(percentage × full) for a partial checker
 * result, nothing otherwise. `percentage` is a fraction in [0, 1]; anything outside is clamped.
 */
export function caseScore(verdict: Verdict, percentage: number | null, fullScore: number): number {
  if (verdict === 'AC') return fullScore;
  if (verdict !== 'PA' || percentage === null || !Number.isFinite(percentage)) return 0;
  const clamped = Math.min(1, Math.max(0, percentage));
  return Math.floor(clamped * fullScore);
}
