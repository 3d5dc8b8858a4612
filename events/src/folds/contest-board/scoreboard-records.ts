import type { SubmissionStatus } from '../../catalogue/submission';
import { statusAfterChange, type SubmissionChange } from '../../catalogue/rejudging';
import { recordStatusOf } from './scoreboard-rows';

/**
 * A board's copy of one contest submission, and the one fold over it (pure). Both the one-event path and the
 * batch path of `scoreboard.projection.ts` step records with `recordAfter`, so a batch is exactly the events
 * one by one by construction (the projection's property tests check it still).
 */
export interface ScoreboardRecord {
  readonly submissionId: number;
  readonly contestId: number;
  readonly userId: string;
  readonly username: string;
  readonly contestProblemId: number;
  /** ISO instant. */
  readonly submittedAt: string;
  readonly attempt: number;
  readonly status: SubmissionStatus;
  readonly score: number | null;
  readonly useTimeMs: number | null;
  /** Position of the last event that changed the record: an older or duplicate delivery changes nothing. */
  readonly lastPosition: bigint;
}

/**
 * The record after one submission event at `position`, or null when the event changes nothing: a submission
 * outside any contest, one already held, an event for a record not held (not this board's contest type), an
 * old or duplicate delivery, or an event `submissionStatusAfter` ignores.
 * A new record says nothing of whether its contest is kept on this board: the caller checks that.
 */
export function recordAfter(
  record: ScoreboardRecord | null,
  event: SubmissionChange,
  position: bigint,
): ScoreboardRecord | null {
  if (event.type === 'SubmissionCreated') {
    const data = event.data;
    if (record || data.contestId === null || data.contestProblemId === null) return null;
    // Pending records count nowhere (§0), so a new record moves no row yet.
    return {
      submissionId: data.submissionId,
      contestId: data.contestId,
      userId: data.userId,
      username: data.username,
      contestProblemId: data.contestProblemId,
      submittedAt: new Date(data.submittedAt).toISOString(),
      attempt: 0,
      status: 'Pending',
      score: null,
      useTimeMs: null,
      lastPosition: position,
    };
  }
  if (!record || record.lastPosition >= position) return null;
  const next = statusAfterChange({ attempt: record.attempt, status: record.status }, event);
  if (!next) return null;
  return { ...record, attempt: next.attempt, status: next.status, ...resultOf(event), lastPosition: position };
}

/** Whether a record's step changes its user's rows: it counted before or counts after (judged, not pending). */
export const movesRows = (before: ScoreboardRecord | null, after: ScoreboardRecord): boolean =>
  (before !== null && recordStatusOf(before.status) !== null) || recordStatusOf(after.status) !== null;

/** Score and run time of the record after an event that moved its status. */
function resultOf(event: SubmissionChange): { score: number | null; useTimeMs: number | null } {
  // An applied staged rejudge (issue 13 item 4) brings a judged result, as SubmissionJudged does.
  if (event.type === 'SubmissionJudged' || event.type === 'RejudgingResultApplied') {
    return { score: event.data.score, useTimeMs: event.data.timeMs };
  }
  if (event.type === 'SubmissionVerdictSetManually') return { score: event.data.score, useTimeMs: null };
  return { score: null, useTimeMs: null };
}
