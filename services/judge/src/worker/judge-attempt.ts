import type { CaseJudged, JudgeSettings, SubmissionCreated, SubmissionJudged } from '@oj/events';

/** One case's result as the judging pipeline reports it; the worker adds the submission and attempt. */
export type CaseOutcome = Omit<CaseJudged, 'submissionId' | 'attempt'>;

/** The attempt's verdict as the pipeline reports it; the worker adds who judged it and when. */
export type AttemptOutcome = Pick<
  SubmissionJudged,
  'status' | 'score' | 'oiRankScore' | 'timeMs' | 'memoryKib' | 'errorMessage'
>;

export interface JudgeAttemptInput {
  readonly submission: SubmissionCreated;
  readonly attempt: number;
  /** The settings of this attempt: the submission's snapshot, or the rejudge's newer one. */
  readonly settings: JudgeSettings;
  /** The site-wide checker includes (name → blob hash) as the `site` stream holds them when judging starts. */
  readonly checkerIncludes?: Readonly<Record<string, string>>;
  /** Aborted when the attempt became moot (rejudged, or judged by another delivery) or the worker stops. */
  readonly signal: AbortSignal;
}

export interface JudgeProgress {
  /**
   * Queues the case to be stored, in report order, at the latest with the verdict (the worker stores the last
   * case and the verdict in one append); the pipeline may call it from parallel cases.
   */
  caseJudged(outcome: CaseOutcome): Promise<void>;
  /** The user's program compiled (a mark for the latency trace; nothing waits on it). */
  compiled?(): void;
}

/**
 * Judges one attempt. Verdicts (CE, WA, even an SE the pipeline decides on) are returned as data; a throw is a
 * system failure of this worker (no sandbox, store down) and sends the task back to the queue.
 */
export type JudgeAttempt = (input: JudgeAttemptInput, progress: JudgeProgress) => Promise<AttemptOutcome>;
