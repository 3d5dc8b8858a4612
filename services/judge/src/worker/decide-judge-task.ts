import type { JudgeSettings, SubmissionCreated } from '@oj/events';
import type { SubmissionJudgingState } from './submission-judging.state';

export type JudgeTaskDecision =
  | { readonly kind: 'judge'; readonly submission: SubmissionCreated; readonly settings: JudgeSettings }
  /** Every judging delivery is spent: record SE and stop redelivery. */
  | { readonly kind: 'give-up' }
  /** Nothing to do; ack so the message leaves the queue. */
  | { readonly kind: 'skip'; readonly reason: 'already-final' | 'superseded' | 'unknown-attempt' }
  /** A newer delivery of the same task is judging it; this one steps aside without acking. */
  | { readonly kind: 'yield' };

/**
 * What a delivery of a task should do, given the submission stream. Pure: the worker reads the stream,
 * asks here, then acts. A rejudge opens a newer attempt, which makes older ones moot (judging.md §1.4).
 */
export function decideJudgeTask(
  state: SubmissionJudgingState,
  task: { readonly attempt: number },
  delivery: number,
  judgingDeliveries: number,
): JudgeTaskDecision {
  const attempt = state.attempts.get(task.attempt);
  if (!state.submission || !attempt) return { kind: 'skip', reason: 'unknown-attempt' };
  if (attempt.isFinal) return { kind: 'skip', reason: 'already-final' };
  if (task.attempt < state.latestAttempt) return { kind: 'skip', reason: 'superseded' };
  if (attempt.latestDelivery > delivery) return { kind: 'yield' };
  if (delivery > judgingDeliveries) return { kind: 'give-up' };
  return { kind: 'judge', submission: state.submission, settings: attempt.settings };
}
