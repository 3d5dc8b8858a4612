import { z } from 'zod';

/**
 * A verdict of a case or a submission. PA is HOJ's "Partial Accepted" (OI aggregation or a partial checker
 * result); CA marks a subtask case skipped after an earlier failure in its group (judging.md §4.1); SF is
 * "Submitted Failed". Output over the limit is RE with a message, as in HOJ, so there is no OLE.
 */
export const verdictSchema = z.enum(['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'PA', 'CA', 'SF']);
export type Verdict = z.infer<typeof verdictSchema>;

/** Verdicts whose message becomes the submission's errorMessage (judging.md §1.2). */
export const verdictsWithErrorMessage: ReadonlySet<Verdict> = new Set<Verdict>(['CE', 'SE', 'RE', 'SF']);
