import type { Kysely } from 'kysely';
import {
  inProgressStatuses,
  judgeSettingsSchema,
  rejudgingMaxSubmissions,
  type JudgeSettings,
  type RejudgingItem,
  type SubmissionStatus,
  type SubmissionVerdict,
} from '@oj/events';
import type { Database } from '@oj/read-models';
import type { StageRejudgingBody } from '@oj/contracts';
import type { LiveSubmission } from '../apply-rejudging';

type Db = Kysely<Database>;

/** The uid of a uid or username, or null when no account has it. */
export async function userIdOf(db: Db, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where((eb) => eb.or([eb('user_id', '=', key), eb('username', '=', key)]))
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function contestCreatorOf(db: Db, contestId: number): Promise<string | null> {
  const row = await db
    .selectFrom('contests')
    .select('created_by')
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  return row?.created_by ?? null;
}

/**
 * The final submissions the selection names, oldest first, at most one past the cap (so the decider can say
 * "too many" rather than silently cut). Pending and judging ones are left out: their verdict is not known yet.
 */
export async function selectedSubmissions(
  db: Db,
  filters: StageRejudgingBody,
  userId: string | null,
): Promise<RejudgingItem[]> {
  let query = db
    .selectFrom('submissions')
    .select([
      'submission_id',
      'attempt',
      'problem_id',
      'contest_id',
      'user_id',
      'username',
      'status',
      'score',
      'time_ms',
    ])
    .where('status', 'not in', [...inProgressStatuses]);
  if (filters.cid !== undefined) query = query.where('contest_id', '=', filters.cid);
  if (filters.pid !== undefined) query = query.where('problem_id', '=', filters.pid);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.language !== undefined) query = query.where('language', '=', filters.language);
  if (userId !== null) query = query.where('user_id', '=', userId);
  if (filters.from !== undefined) query = query.where('submitted_at', '>=', new Date(filters.from));
  if (filters.to !== undefined) query = query.where('submitted_at', '<', new Date(filters.to));
  const rows = await query
    .orderBy('submission_id')
    .limit(rejudgingMaxSubmissions + 1)
    .execute();
  return rows.map((row) => ({
    submissionId: row.submission_id,
    attempt: row.attempt,
    problemId: row.problem_id,
    contestId: row.contest_id,
    userId: row.user_id,
    username: row.username,
    status: row.status as SubmissionVerdict,
    score: row.score,
    timeMs: row.time_ms,
  }));
}

/** Each problem's judge settings as the bank holds them now (what a live rejudge copies); absent when gone. */
export async function judgeSettingsOf(db: Db, problemIds: readonly number[]): Promise<Map<number, JudgeSettings>> {
  if (problemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('problems')
    .select(['problem_id', 'judge_settings'])
    .where('problem_id', 'in', [...problemIds])
    .execute();
  return new Map(
    rows.flatMap((row) => {
      const judge = judgeSettingsSchema.safeParse(row.judge_settings);
      return judge.success ? [[row.problem_id, judge.data] as const] : [];
    }),
  );
}

/** The live attempt and status of each submission now (the apply's "changed since staging" check). */
export async function liveSubmissions(db: Db, submissionIds: readonly number[]): Promise<Map<number, LiveSubmission>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('submissions')
    .select(['submission_id', 'attempt', 'status'])
    .where('submission_id', 'in', [...submissionIds])
    .execute();
  return new Map(
    rows.map((row) => [row.submission_id, { attempt: row.attempt, status: row.status as SubmissionStatus }]),
  );
}
