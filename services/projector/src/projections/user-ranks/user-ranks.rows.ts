import type { SubmissionChange } from '@oj/events';

/**
 * The current attempt's oiRankScore after an event that moved the status (submissionStatusAfter gave a next cursor):
 * a verdict brings its own, a new attempt, a failure or a cancel clears it (as the submissions projection does).
 */
export function oiRankScoreAfter(event: SubmissionChange, current: number | null): number | null {
  switch (event.type) {
    case 'SubmissionJudged':
    case 'SubmissionVerdictSetManually':
    case 'RejudgingResultApplied':
      return event.data.oiRankScore;
    case 'SubmissionRejudgeRequested':
    case 'SubmissionJudgingFailed':
    case 'SubmissionCancelled':
      return null;
    default:
      return current;
  }
}

/** Whether a submission counts as public for the ranks: outside contests and groups (HOJ's cid 0, gid null). */
export const isPublicSubmission = (data: { contestId: number | null; groupId: number | null }): boolean =>
  data.contestId === null && data.groupId === null;
