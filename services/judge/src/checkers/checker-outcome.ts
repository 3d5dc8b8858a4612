/** What a checker or interactor decided about one case. `percentage` is a fraction in [0, 1) for PA. */
export interface CheckerOutcome {
  readonly verdict: 'AC' | 'WA' | 'PE' | 'PA' | 'SE';
  readonly percentage: number | null;
  readonly message: string;
}

/** A score out of 100 as a verdict: 100 or more is AC, below that PA with the fraction (clamped at 0). */
export function fromPoints(points: number, message: string): CheckerOutcome {
  if (points >= 100) return { verdict: 'AC', percentage: null, message };
  return { verdict: 'PA', percentage: Math.max(0, points) / 100, message };
}
