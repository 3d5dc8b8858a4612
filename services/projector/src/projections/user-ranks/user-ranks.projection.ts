import { sql, type Kysely } from 'kysely';
import {
  statusAfterChange,
  submissionChangesOf,
  submissionOutcomeEventTypes,
  type RecordedEvent,
  type SubmissionChange,
  type SubmissionEvent,
  type SubmissionStatus,
} from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';
import { isPublicSubmission, oiRankScoreAfter } from './user-ranks.rows';

type Created = Extract<SubmissionEvent, { type: 'SubmissionCreated' }>['data'];

async function applyCreated(db: Kysely<Database>, event: RecordedEvent, data: Created): Promise<string | null> {
  const inserted = await db
    .insertInto('rank_submissions')
    .values({
      submission_id: data.submissionId,
      user_id: data.userId,
      problem_id: data.problemId,
      is_public: isPublicSubmission(data),
      attempt: 0,
      status: 'Pending',
      oi_rank_score: null,
      last_position: event.position,
    })
    .onConflict((conflict) => conflict.column('submission_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted ? data.userId : null;
}

/** Returns the user whose figures may have moved, or null when the event changed nothing here. */
async function applyChange(db: Kysely<Database>, event: RecordedEvent, parsed: SubmissionChange) {
  const row = await db
    .selectFrom('rank_submissions')
    .select(['user_id', 'attempt', 'status', 'oi_rank_score', 'last_position'])
    .where('submission_id', '=', parsed.data.submissionId)
    .executeTakeFirst();
  if (!row || BigInt(row.last_position) >= event.position) return null;
  const next = statusAfterChange({ attempt: row.attempt, status: row.status as SubmissionStatus }, parsed);
  await db
    .updateTable('rank_submissions')
    .set({
      last_position: event.position,
      ...(next
        ? { attempt: next.attempt, status: next.status, oi_rank_score: oiRankScoreAfter(parsed, row.oi_rank_score) }
        : {}),
    })
    .where('submission_id', '=', parsed.data.submissionId)
    .execute();
  return next ? row.user_id : null;
}

/** Recomputes one user's figures from their submissions (contest doc §2.20), so the row never drifts. */
async function refreshUserRank(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`
    INSERT INTO user_ranks (user_id, ac, acm_total, oi_total, score)
    SELECT ${userId},
      (SELECT count(DISTINCT problem_id) FROM rank_submissions
        WHERE user_id = ${userId} AND is_public AND status = 'AC')::int,
      (SELECT count(*) FROM rank_submissions WHERE user_id = ${userId} AND is_public)::int,
      (SELECT count(*) FROM rank_submissions WHERE user_id = ${userId})::int,
      (SELECT coalesce(sum(best), 0) FROM (
        SELECT max(oi_rank_score) AS best FROM rank_submissions
        WHERE user_id = ${userId} AND is_public AND oi_rank_score IS NOT NULL GROUP BY problem_id
      ) AS per_problem)::int
    ON CONFLICT (user_id) DO UPDATE SET
      ac = excluded.ac, acm_total = excluded.acm_total, oi_total = excluded.oi_total, score = excluded.score
  `.execute(db);
}

/**
 * The global ACM and OI rank figures per user, kept from the submission events directly (not from other
 * projections' tables, whose progress this one cannot see).
 */
export const userRanksProjection: Projection = {
  name: 'user-ranks',
  tables: ['rank_submissions', 'user_ranks'],
  // The judge's progress (JudgeStarted, CaseJudged) never moves what these rows keep: see judgeProgressEventTypes.
  eventTypes: submissionOutcomeEventTypes,
  async apply(event, transaction) {
    for (const parsed of submissionChangesOf(event)) {
      const userId =
        parsed.type === 'SubmissionCreated'
          ? await applyCreated(transaction, event, parsed.data)
          : await applyChange(transaction, event, parsed);
      if (userId) await refreshUserRank(transaction, userId);
    }
  },
  topicsFor: () => [liveTopics.ranks],
};
