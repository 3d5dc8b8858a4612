import { sql, type Kysely } from 'kysely';
import { contestSettingsSchema, type ContestSettings } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { ContestFacts } from './contest-access';

type Db = Kysely<Database>;

export interface ContestRow extends ContestFacts {
  readonly createdAt: Date;
  readonly modifiedAt: Date;
}

export async function findContest(db: Db, contestId: number): Promise<ContestRow | null> {
  const row = await db.selectFrom('contests').selectAll().where('contest_id', '=', contestId).executeTakeFirst();
  if (!row) return null;
  return {
    contestId: row.contest_id,
    type: row.type === 'OI' ? 'OI' : 'ACM',
    createdBy: row.created_by,
    author: row.author,
    visible: row.visible,
    settings: contestSettingsSchema.parse(row.settings),
    createdAt: row.created_at,
    modifiedAt: row.modified_at,
  };
}

export async function isRegistered(db: Db, contestId: number, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('contest_registrations')
    .select('user_id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** HOJ's `count`: null, not 0, when nobody registered (§1.1 get-contest-list). */
export async function registrationCounts(db: Db, contestIds: readonly number[]): Promise<Map<number, number>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contest_registrations')
    .select(['contest_id', db.fn.countAll<string>().as('count')])
    .where('contest_id', 'in', contestIds)
    .groupBy('contest_id')
    .execute();
  return new Map(rows.map((row) => [row.contest_id, Number(row.count)]));
}

export interface ContestListFilter {
  readonly status: number | null;
  readonly type: number | null;
  readonly keyword: string | null;
  readonly currentPage: number;
  readonly limit: number;
  readonly visibleOnly: boolean;
}

/** Status is derived from the clock (§2.1), so the filter and the order compute it in SQL from `now`. */
export async function listContests(db: Db, filter: ContestListFilter, now: Date) {
  const status = sql<number>`CASE WHEN ${now} < start_at THEN -1 WHEN ${now} < end_at THEN 0 ELSE 1 END`;
  let query = db.selectFrom('contests').where('group_id', 'is', null);
  if (filter.visibleOnly) query = query.where('visible', '=', true);
  if (filter.keyword) query = query.where('title', 'like', `%${filter.keyword}%`);
  if (filter.type !== null) query = query.where('type', '=', filter.type === 1 ? 'OI' : 'ACM');
  if (filter.status !== null) query = query.where(status, '=', filter.status);
  const total = await query.select(db.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await query
    .select(['contest_id'])
    .orderBy(status)
    .orderBy('start_at', 'desc')
    .limit(filter.limit)
    .offset((filter.currentPage - 1) * filter.limit)
    .execute();
  const contests = await Promise.all(rows.map((row) => findContest(db, row.contest_id)));
  return { total: Number(total?.count ?? 0), contests: contests.filter((row) => row !== null) };
}

/**
 * get-recent-contest (api-core §2): visible public contests not yet ended whose start date is at most 14 days
 * ahead (HOJ compares dates, so a contest starting any time on that 14th day counts), newest start first.
 */
export async function recentContests(db: Db, now: Date): Promise<ContestRow[]> {
  const lastStartDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 15));
  const rows = await db
    .selectFrom('contests')
    .select('contest_id')
    .where('group_id', 'is', null)
    .where('visible', '=', true)
    .where('end_at', '>', now)
    .where('start_at', '<', lastStartDay)
    .orderBy('start_at', 'desc')
    .execute();
  const contests = await Promise.all(rows.map((row) => findContest(db, row.contest_id)));
  return contests.filter((row) => row !== null);
}

export async function rootUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('user_id').where('role', '=', 'root').execute();
  return rows.map((row) => row.user_id);
}

export async function contestProblemLinks(db: Db, contestId: number) {
  return db
    .selectFrom('contest_problems')
    .innerJoin('problems', 'problems.problem_id', 'contest_problems.problem_id')
    .select([
      'contest_problems.contest_problem_id as id',
      'contest_problems.display_id as displayId',
      'contest_problems.contest_id as cid',
      'contest_problems.problem_id as pid',
      'contest_problems.display_title as displayTitle',
      'contest_problems.color as color',
      'contest_problems.created_at as gmtCreate',
      'contest_problems.modified_at as gmtModified',
      'problems.auth as auth',
    ])
    .where('contest_problems.contest_id', '=', contestId)
    .orderBy('contest_problems.display_id')
    .execute();
}

/** A problem's auth when it is hidden: its contest links are left off every list a contestant sees. */
export const hiddenProblemAuth = 2;

/** The contest's problem links a contestant sees: every link but those to hidden problems, by display id. */
export async function shownContestProblemLinks(db: Db, contestId: number) {
  const links = await contestProblemLinks(db, contestId);
  return links.filter((link) => link.auth !== hiddenProblemAuth);
}

/** §2.11: per contest problem, judge rows from `from` up to (not including) `until`, minus excluded users. */
export async function contestProblemCounts(
  db: Db,
  contestId: number,
  window: { readonly from: Date; readonly until: Date | null },
  excludedUserIds: readonly string[],
): Promise<Map<number, { ac: number; total: number }>> {
  let query = db
    .selectFrom('submissions')
    .select([
      'contest_problem_id',
      db.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE status = 'AC')`.as('ac'),
    ])
    .where('contest_id', '=', contestId)
    .where('submitted_at', '>=', window.from);
  if (window.until) query = query.where('submitted_at', '<', window.until);
  if (excludedUserIds.length > 0) query = query.where('user_id', 'not in', excludedUserIds);
  const rows = await query.groupBy('contest_problem_id').execute();
  return new Map(rows.map((row) => [row.contest_problem_id ?? 0, { ac: Number(row.ac), total: Number(row.total) }]));
}

export type { ContestSettings };
