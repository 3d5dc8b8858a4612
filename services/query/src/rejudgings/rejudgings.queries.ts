import type { Kysely } from 'kysely';
import type { AppliedResult, SubmissionVerdict } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { RejudgingItemView, RejudgingStateName, RejudgingSummary } from '@oj/contracts';

type Db = Kysely<Database>;

export interface RejudgingRow extends RejudgingSummary {
  readonly lastPosition: bigint;
}

const summaryColumns = [
  'r.rejudging_id',
  'r.contest_id',
  'r.state',
  'r.judged',
  'r.total',
  'r.reason',
  'r.staged_by',
  'r.staged_at',
  'r.ended_by',
  'r.ended_at',
  'r.end_reason',
  'r.skipped',
  'r.last_position',
  'u.username',
] as const;

function baseQuery(db: Db) {
  return db.selectFrom('rejudgings as r').leftJoin('users as u', 'u.user_id', 'r.staged_by').select(summaryColumns);
}
type SummaryRecord = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const summaryOf = (row: SummaryRecord): RejudgingRow => ({
  id: row.rejudging_id,
  cid: row.contest_id,
  state: row.state as RejudgingStateName,
  judged: row.judged,
  total: row.total,
  reason: row.reason,
  stagedBy: row.staged_by,
  stagedByName: row.username,
  stagedAt: new Date(row.staged_at).toISOString(),
  endedBy: row.ended_by,
  endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
  endReason: row.end_reason,
  skipped: row.skipped,
  lastPosition: BigInt(row.last_position),
});

/** Newest first; a contest filter when given. */
export async function rejudgingPage(db: Db, contestId: number | undefined, limit: number, currentPage: number) {
  let query = baseQuery(db);
  let count = db.selectFrom('rejudgings as r').select((eb) => eb.fn.countAll<string>().as('total'));
  if (contestId !== undefined) {
    query = query.where('r.contest_id', '=', contestId);
    count = count.where('r.contest_id', '=', contestId);
  }
  const rows = await query
    .orderBy('r.staged_at', 'desc')
    .orderBy('r.rejudging_id')
    .limit(limit)
    .offset((currentPage - 1) * limit)
    .execute();
  const total = Number((await count.executeTakeFirst())?.total ?? 0);
  return { total, rows: rows.map(summaryOf) };
}

export async function rejudgingById(db: Db, rejudgingId: string): Promise<RejudgingRow | null> {
  const row = await baseQuery(db).where('r.rejudging_id', '=', rejudgingId).executeTakeFirst();
  return row ? summaryOf(row) : null;
}

export interface StagedItem extends RejudgingItemView {
  readonly attempt: number;
  readonly result: AppliedResult | null;
}

export async function rejudgingItems(db: Db, rejudgingId: string): Promise<StagedItem[]> {
  const rows = await db
    .selectFrom('rejudging_items')
    .selectAll()
    .where('rejudging_id', '=', rejudgingId)
    .orderBy('submission_id')
    .execute();
  return rows.map((row) => {
    const judged =
      row.new_status === null ? null : { status: row.new_status, score: row.new_score, timeMs: row.new_time_ms };
    return {
      submitId: row.submission_id,
      pid: row.problem_id,
      cid: row.contest_id,
      uid: row.user_id,
      username: row.username,
      attempt: row.attempt,
      old: { status: row.old_status, score: row.old_score, timeMs: row.old_time_ms },
      new: judged,
      changed: judged !== null && (judged.status !== row.old_status || judged.score !== row.old_score),
      result:
        row.new_status === null
          ? null
          : {
              submissionId: row.submission_id,
              attempt: row.attempt,
              status: row.new_status as SubmissionVerdict,
              score: row.new_score,
              oiRankScore: null,
              timeMs: row.new_time_ms ?? 0,
              memoryKib: row.new_memory_kib ?? 0,
              errorMessage: row.new_error_message,
              judger: 'staged',
              judgedAt: new Date(0).toISOString(),
              testDataVersion: 'staged',
            },
    };
  });
}

export async function contestCreatorOf(db: Db, contestId: number): Promise<string | null> {
  const row = await db
    .selectFrom('contests')
    .select('created_by')
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  return row?.created_by ?? null;
}
