import type { Kysely } from 'kysely';
import {
  statusAfterChange,
  submissionChangesOf,
  type SubmissionStatus,
  submissionOutcomeEventTypes,
  type RecordedEvent,
  type SubmissionChange,
  type SubmissionEvent,
} from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { unheldSubmissionsFilter } from '../unheld-submissions';

/** HOJ writes accepted records only for non-contest, non-group submissions (judging.md §1.3). */
const isRecorded = (data: { readonly contestId: number | null; readonly groupId: number | null }): boolean =>
  data.contestId === null && data.groupId === null;

async function applyCreated(
  db: Kysely<Database>,
  event: RecordedEvent,
  data: Extract<SubmissionEvent, { type: 'SubmissionCreated' }>['data'],
) {
  if (!isRecorded(data)) return;
  await db
    .insertInto('accepted_submissions')
    .values({
      submission_id: data.submissionId,
      user_id: data.userId,
      problem_id: data.problemId,
      attempt: 0,
      status: 'Pending',
      is_accepted: false,
      submitted_at: data.submittedAt,
      accepted_at: null,
      last_position: event.position,
    })
    .onConflict((conflict) => conflict.column('submission_id').doNothing())
    .execute();
}

async function applyChange(db: Kysely<Database>, event: RecordedEvent, parsed: SubmissionChange) {
  const row = await db
    .selectFrom('accepted_submissions')
    .select(['attempt', 'status', 'is_accepted', 'last_position'])
    .where('submission_id', '=', parsed.data.submissionId)
    .executeTakeFirst();
  if (!row || BigInt(row.last_position) >= event.position) return;
  const next = statusAfterChange({ attempt: row.attempt, status: row.status as SubmissionStatus }, parsed);
  const isAccepted = next ? next.status === 'AC' : row.is_accepted;
  await db
    .updateTable('accepted_submissions')
    .set({
      last_position: event.position,
      ...(next ? { attempt: next.attempt, status: next.status, is_accepted: isAccepted } : {}),
      ...(isAccepted && !row.is_accepted ? { accepted_at: event.recordedAt } : {}),
      ...(!isAccepted ? { accepted_at: null } : {}),
    })
    .where('submission_id', '=', parsed.data.submissionId)
    .execute();
}

/**
 * HOJ's accepted records (user_acproblem): a user solved a problem when one of their public-bank, non-contest
 * submissions is AC now. A rejudge, manual verdict or cancel that takes the AC away takes the record away.
 */
export const acceptedProblemsProjection: Projection = {
  name: 'accepted-problems',
  tables: ['accepted_submissions'],
  // The judge's progress (JudgeStarted, CaseJudged) never moves what these rows keep: see judgeProgressEventTypes.
  eventTypes: submissionOutcomeEventTypes,
  async apply(event, transaction) {
    for (const parsed of submissionChangesOf(event)) {
      if (parsed.type === 'SubmissionCreated') await applyCreated(transaction, event, parsed.data);
      else await applyChange(transaction, event, parsed);
    }
  },
  // A contest or group submission never has a record: its events go by without a batch.
  changeFilter: () => unheldSubmissionsFilter(isRecorded),
};
