import { sql, type Kysely, type Selectable } from 'kysely';
import { hojStatusCodes, siteSwitchDefaults, statusOfHojCode, type SubmissionStatus } from '@oj/events';
import type { Database, InteractiveSubmissionCasesTable, SubmissionsTable } from '@oj/read-models';
import { containsPattern } from '../search/contains-pattern';
import type { CheckpointedTotals } from '../paging/checkpointed-totals';

export type SubmissionRecord = Selectable<SubmissionsTable>;
export type CaseRecord = Selectable<InteractiveSubmissionCasesTable>;

export interface SubmissionListFilter {
  readonly userId?: string | undefined;
  readonly username?: string | undefined;
  readonly status?: number | undefined;
  readonly groupId?: number | undefined;
  readonly problemDisplayId?: string | undefined;
  readonly isExactProblem: boolean;
  /**
   * Whose rows of hidden (auth 2) and contest-only (auth 3) problems are listed: everyone's for the back office,
   * else only the viewer's own (none for anonymous callers), so their titles and verdicts stay private (F20).
   */
  readonly hiddenProblemsFor: 'everyone' | string | null;
  readonly limit: number;
  readonly page: number;
}

/** The projections whose rows the public list's total counts: the rows, and the problems' visibility. */
export const submissionListProjections = ['submissions', 'problems'] as const;

/**
 * The public submission list (api-core §4): never contest rows; one bank (a group's, or the public one).
 * The page is cut first and only its 30-odd rows get the problem's title: joining before the OFFSET made
 * Postgres look up the title of every skipped row (1,800 index probes for page 60). The total is the
 * caller's `totals` (exact, counted once per state of the read models: paging/checkpointed-totals.ts).
 */
export async function listSubmissions(db: Kysely<Database>, filter: SubmissionListFilter, totals: CheckpointedTotals) {
  const matching = publicSubmissions(db, filter);
  const pageRows = matching
    .selectAll('submissions')
    .orderBy('submitted_at', 'desc')
    .orderBy('submission_id', 'desc')
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const { limit: _limit, page: _page, ...filterKey } = filter;
  const [rows, total] = await Promise.all([
    db
      .selectFrom(pageRows.as('page'))
      .leftJoin('problems', 'problems.problem_id', 'page.problem_id')
      .selectAll('page')
      .select('problems.title')
      .orderBy('page.submitted_at', 'desc')
      .orderBy('page.submission_id', 'desc')
      .execute(),
    totals.total(JSON.stringify(filterKey), async () => {
      const counted = await matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
      return Number(counted?.total ?? 0);
    }),
  ]);
  return { rows, total };
}

function publicSubmissions(db: Kysely<Database>, filter: SubmissionListFilter) {
  let query = db.selectFrom('submissions').where('contest_id', 'is', null);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  if (filter.username) query = query.where('username', 'ilike', containsPattern(filter.username));
  if (filter.status !== undefined) {
    const status = statusOfHojCode(filter.status);
    query = status ? query.where('status', '=', status) : query.where(sql<boolean>`false`);
  }
  query = filter.groupId ? query.where('group_id', '=', filter.groupId) : query.where('group_id', 'is', null);
  const viewerId = filter.hiddenProblemsFor;
  if (viewerId !== 'everyone') {
    const hiddenProblems = db.selectFrom('problems').select('problem_id').where('auth', '<>', 1);
    query = query.where((eb) =>
      viewerId === null
        ? eb('submissions.problem_id', 'not in', hiddenProblems)
        : eb.or([eb('submissions.problem_id', 'not in', hiddenProblems), eb('submissions.user_id', '=', viewerId)]),
    );
  }
  if (filter.problemDisplayId) {
    // MySQL's collation makes HOJ's display-id lookups case-insensitive.
    query = filter.isExactProblem
      ? query.where(sql`upper(display_pid)`, '=', filter.problemDisplayId.toUpperCase())
      : query.where('display_pid', 'ilike', containsPattern(filter.problemDisplayId));
  }
  return query;
}

export function findSubmission(db: Kysely<Database>, submissionId: number): Promise<SubmissionRecord | undefined> {
  return db.selectFrom('submissions').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
}

export function findSubmissions(db: Kysely<Database>, submissionIds: readonly number[]): Promise<SubmissionRecord[]> {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('submissions').selectAll().where('submission_id', 'in', submissionIds).execute();
}

export function findCases(db: Kysely<Database>, submissionId: number): Promise<CaseRecord[]> {
  return db
    .selectFrom('submission_cases')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('seq')
    .execute();
}

/** The problem flags the submission screens need; the problem's defaults when it is gone. */
export async function problemFlags(db: Kysely<Database>, problemId: number) {
  const row = await db
    .selectFrom('problems')
    .select(['definition', 'auth'])
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  const definition = (row?.definition ?? null) as { codeShare?: unknown; openCaseResult?: unknown } | null;
  return {
    isKnown: row !== undefined,
    /** Public (auth 1), or gone: hidden and contest-only problems' code is never shared (F4). */
    isPublic: row === undefined || row.auth === 1,
    codeShare: typeof definition?.codeShare === 'boolean' ? definition.codeShare : true,
    openCaseResult: typeof definition?.openCaseResult === 'boolean' ? definition.openCaseResult : true,
  };
}

export async function isSubmissionCodeHidden(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('site_config').select('switches').where('id', '=', 'site').executeTakeFirst();
  const saved = (row?.switches ?? {}) as { hideNonContestSubmissionCode?: unknown };
  return typeof saved.hideNonContestSubmissionCode === 'boolean'
    ? saved.hideNonContestSubmissionCode
    : siteSwitchDefaults.hideNonContestSubmissionCode;
}

/** The caller's non-contest rows for these problems, newest first (get-user-problem-status). */
export function ownStatuses(
  db: Kysely<Database>,
  userId: string,
  problemIds: readonly number[],
  groupId: number | null,
) {
  let query = db
    .selectFrom('submissions')
    .select(['problem_id', 'status'])
    .where('user_id', '=', userId)
    .where('problem_id', 'in', problemIds)
    .where('contest_id', 'is', null);
  query = groupId ? query.where('group_id', '=', groupId) : query.where('group_id', 'is', null);
  return query.orderBy('submitted_at', 'desc').orderBy('submission_id', 'desc').execute();
}

/** The caller's newest AC submission of a problem outside contests (get-last-ac-code). */
export function lastAccepted(db: Kysely<Database>, userId: string, problemId: number) {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('problem_id', '=', problemId)
    .where('contest_id', 'is', null)
    .where('status', '=', 'AC' satisfies SubmissionStatus)
    .orderBy('submission_id', 'desc')
    .executeTakeFirst();
}

export const hojCodeOf = (status: string): number => hojStatusCodes[status as SubmissionStatus] ?? hojStatusCodes.SE;
