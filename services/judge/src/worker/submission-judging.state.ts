import { parseSubmissionEvent, type JudgeSettings, type SubmissionCreated, type SubmissionEvent } from '@oj/events';

/** What a worker needs to know about one attempt. */
export interface AttemptState {
  readonly attempt: number;
  readonly settings: JudgeSettings;
  /** Highest delivery that started judging this attempt; 0 before any. */
  readonly latestDelivery: number;
  readonly isFinal: boolean;
}

/** The submission stream as the judge sees it: the code, and each attempt's settings and progress. */
export interface SubmissionJudgingState {
  readonly submission: SubmissionCreated | null;
  readonly attempts: ReadonlyMap<number, AttemptState>;
  readonly latestAttempt: number;
}

export const initialSubmissionJudgingState: SubmissionJudgingState = {
  submission: null,
  attempts: new Map(),
  latestAttempt: -1,
};

export function evolve(state: SubmissionJudgingState, event: SubmissionEvent): SubmissionJudgingState {
  switch (event.type) {
    case 'SubmissionCreated':
      return { ...openAttempt(state, 0, event.data.judge), submission: event.data };
    case 'SubmissionRejudgeRequested':
      return openAttempt(state, event.data.attempt, event.data.judge);
    case 'JudgeStarted':
      return updateAttempt(state, event.data.attempt, (attempt) => ({
        ...attempt,
        latestDelivery: Math.max(attempt.latestDelivery, event.data.delivery),
      }));
    case 'CaseJudged':
      return state;
    // A manual verdict or a cancel ends the attempt too: a queued or running delivery of it must stop.
    case 'SubmissionJudged':
    case 'SubmissionJudgingFailed':
    case 'SubmissionVerdictSetManually':
    case 'SubmissionCancelled':
      return updateAttempt(state, event.data.attempt, (attempt) => ({ ...attempt, isFinal: true }));
    case 'SubmissionShareChanged':
      return state;
  }
}

/** Folds stored events; types outside the submission catalogue (added by later issues) are passed over. */
export function foldSubmissionJudging(
  events: readonly { readonly type: string; readonly data: unknown }[],
): SubmissionJudgingState {
  let state = initialSubmissionJudgingState;
  for (const stored of events) {
    const event = parseSubmissionEvent(stored);
    if (event) state = evolve(state, event);
  }
  return state;
}

function openAttempt(state: SubmissionJudgingState, attempt: number, settings: JudgeSettings): SubmissionJudgingState {
  const attempts = new Map(state.attempts);
  attempts.set(attempt, { attempt, settings, latestDelivery: 0, isFinal: false });
  return { ...state, attempts, latestAttempt: Math.max(state.latestAttempt, attempt) };
}

function updateAttempt(
  state: SubmissionJudgingState,
  attempt: number,
  change: (attempt: AttemptState) => AttemptState,
): SubmissionJudgingState {
  const current = state.attempts.get(attempt);
  if (!current) return state;
  const attempts = new Map(state.attempts);
  attempts.set(attempt, change(current));
  return { ...state, attempts };
}
