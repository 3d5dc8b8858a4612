import { sql, type Kysely } from 'kysely';
import { parseRejudgingEvent, rejudgingEventSchemas, type RecordedEvent, type RejudgingEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import { liveTopics } from '@oj/read-models/names';
import type { Projection } from '../../runner/projection';

type Db = Kysely<Database>;
type Data<Type extends RejudgingEvent['type']> = Extract<RejudgingEvent, { type: Type }>['data'];

async function insertStaged(db: Db, event: RecordedEvent, data: Data<'RejudgingStaged'>) {
  const inserted = await db
    .insertInto('rejudgings')
    .values({
      rejudging_id: data.rejudgingId,
      contest_id: data.filters.contestId,
      state: 'judging',
      total: data.items.length,
      judged: 0,
      reason: data.reason,
      staged_by: data.stagedBy,
      staged_at: data.stagedAt,
      ended_by: null,
      ended_at: null,
      end_reason: null,
      filters: JSON.stringify(data.filters),
      skipped: '[]',
      last_position: event.position,
    })
    .onConflict((conflict) => conflict.column('rejudging_id').doNothing())
    .returning('rejudging_id')
    .executeTakeFirst();
  if (!inserted) return;
  await db
    .insertInto('rejudging_items')
    .values(
      data.items.map((item) => ({
        rejudging_id: data.rejudgingId,
        submission_id: item.submissionId,
        problem_id: item.problemId,
        contest_id: item.contestId,
        user_id: item.userId,
        username: item.username,
        attempt: item.attempt,
        old_status: item.status,
        old_score: item.score,
        old_time_ms: item.timeMs,
        new_status: null,
        new_score: null,
        new_time_ms: null,
        new_memory_kib: null,
        new_error_message: null,
      })),
    )
    .execute();
}

async function recordResult(db: Db, event: RecordedEvent, data: Data<'RejudgingSubmissionJudged'>) {
  const row = await db
    .updateTable('rejudging_items')
    .set({
      new_status: data.status,
      new_score: data.score,
      new_time_ms: data.timeMs,
      new_memory_kib: data.memoryKib,
      new_error_message: data.errorMessage,
    })
    .where('rejudging_id', '=', data.rejudgingId)
    .where('submission_id', '=', data.submissionId)
    .where('new_status', 'is', null)
    .returning('submission_id')
    .executeTakeFirst();
  // Counting only a first result keeps a duplicate delivery from counting twice.
  if (!row) return;
  await db
    .updateTable('rejudgings')
    .set({
      judged: sql<number>`judged + 1`,
      state: sql<string>`CASE WHEN judged + 1 >= total THEN 'judged' ELSE 'judging' END`,
      last_position: event.position,
    })
    .where('rejudging_id', '=', data.rejudgingId)
    .where('state', '=', 'judging')
    .execute();
}

async function endRejudging(
  db: Db,
  event: RecordedEvent,
  rejudgingId: string,
  end: { state: 'applied' | 'discarded'; by: string; at: string; reason?: string; skipped?: readonly number[] },
) {
  await db
    .updateTable('rejudgings')
    .set({
      state: end.state,
      ended_by: end.by,
      ended_at: end.at,
      end_reason: end.reason ?? null,
      skipped: JSON.stringify(end.skipped ?? []),
      last_position: event.position,
    })
    .where('rejudging_id', '=', rejudgingId)
    .where('ended_at', 'is', null)
    .execute();
}

/** The back office's staged rejudges: progress, each submission's old and staged verdict, and how it ended. */
export const rejudgingsProjection: Projection = {
  name: 'rejudgings',
  tables: ['rejudgings', 'rejudging_items'],
  eventTypes: Object.keys(rejudgingEventSchemas),
  async apply(event, transaction) {
    const parsed = parseRejudgingEvent(event);
    if (!parsed) return;
    switch (parsed.type) {
      case 'RejudgingStaged':
        return insertStaged(transaction, event, parsed.data);
      case 'RejudgingSubmissionJudged':
        return recordResult(transaction, event, parsed.data);
      case 'RejudgingApplied':
        return endRejudging(transaction, event, parsed.data.rejudgingId, {
          state: 'applied',
          by: parsed.data.appliedBy,
          at: parsed.data.appliedAt,
          reason: parsed.data.reason,
          skipped: parsed.data.skipped,
        });
      case 'RejudgingDiscarded':
        return endRejudging(transaction, event, parsed.data.rejudgingId, {
          state: 'discarded',
          by: parsed.data.discardedBy,
          at: parsed.data.discardedAt,
          reason: parsed.data.reason,
        });
    }
  },
  topicsFor: (event) => {
    const rejudgingId = (event.data as { rejudgingId?: unknown }).rejudgingId;
    return typeof rejudgingId === 'string' ? [liveTopics.rejudging(rejudgingId), liveTopics.rejudgings] : [];
  },
};
