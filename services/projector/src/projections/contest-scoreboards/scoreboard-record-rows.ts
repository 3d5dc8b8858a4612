import type { SubmissionStatus } from '@oj/events';
import type { ScoreboardRecord } from '@oj/events/folds';

/** A record as `recordColumns` reads it. */
export interface StoredRecord {
  submission_id: number;
  contest_problem_id: number;
  submitted_at: Date;
  submission_status: string;
  score: number | null;
  use_time_ms: number | null;
  username: string;
}

/** A record with every column the fold needs. */
export interface HeldRow extends StoredRecord {
  contest_id: number;
  user_id: string;
  attempt: number;
  last_position: string;
}

export const recordOf = (row: HeldRow): ScoreboardRecord => ({
  submissionId: row.submission_id,
  contestId: row.contest_id,
  userId: row.user_id,
  username: row.username,
  contestProblemId: row.contest_problem_id,
  submittedAt: row.submitted_at.toISOString(),
  attempt: row.attempt,
  status: row.submission_status as SubmissionStatus,
  score: row.score,
  useTimeMs: row.use_time_ms,
  lastPosition: BigInt(row.last_position),
});
