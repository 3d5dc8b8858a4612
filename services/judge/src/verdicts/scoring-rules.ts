import { z } from 'zod';

/** HOJ's judge case modes (judging.md §4): which cases run and how an OI score is summed. */
export const judgeCaseModeSchema = z.enum(['default', 'ergodic_without_error', 'subtask_lowest', 'subtask_average']);
export type JudgeCaseMode = z.infer<typeof judgeCaseModeSchema>;

export const problemTypeSchema = z.enum(['ACM', 'OI']);
export type ProblemType = z.infer<typeof problemTypeSchema>;

/** Everything the aggregation needs about the problem. Limits are after the language factor. */
export const scoringRulesSchema = z.object({
  problemType: problemTypeSchema,
  judgeCaseMode: judgeCaseModeSchema,
  /** The problem's total OI score. */
  ioScore: z.number().int().nonnegative(),
  /** 0 easy, 1 mid, 2 hard: weighs into oiRankScore. */
  difficulty: z.number().int().min(0).max(2),
  timeLimitMs: z.number().int().positive(),
  memoryLimitKib: z.number().int().positive(),
});
export type ScoringRules = z.infer<typeof scoringRulesSchema>;

export function isSubtaskMode(mode: JudgeCaseMode): boolean {
  return mode === 'subtask_lowest' || mode === 'subtask_average';
}
