import { sql, type Kysely } from 'kysely';
import { contestSettingsSchema, type ContestSettings } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { ContestFacts } from './contest-access';
import type { BoardEntry } from './scoreboard-ranking';

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

const boardPrefix = (type: 'ACM' | 'OI', sealed: boolean) =>
  `${sealed ? 'sealed_' : ''}${type === 'ACM' ? 'acm' : 'oi'}_scoreboard`;

/**
 * A board's rows in rank order (§2.7 / §2.9 with the first processed record as the stable tie order),
 * excluded users left out. Cells are not read here: ranks need every row but only a page shows cells,
 * so `readBoardCells` fills them for the page (the bench's page-1 figure depends on it).
 */
export async function readBoard(
  db: Db,
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  excludedUserIds: readonly string[],
): Promise<BoardEntry[]> {
  const { prefix, view } = boardOf(contest, choice);
  const excluded = excludedUserIds.length > 0 ? sql`AND r.user_id NOT IN (${sql.join(excludedUserIds)})` : sql``;
  const order = contest.type === 'ACM' ? sql`r.ac DESC, r.total_time ASC` : sql`r.total_score DESC, r.total_time ASC`;
  const { rows } = await sql<{
    user_id: string;
    username: string;
    realname: string | null;
    nickname: string | null;
    school: string | null;
    gender: string | null;
    avatar: string | null;
    ac: number;
    total_score: number;
    total_time: string;
    total: number;
  }>`SELECT r.user_id, coalesce(u.username, r.username) AS username, u.realname, u.nickname, u.school, u.gender,
      u.avatar, r.ac, r.total_score, r.total_time, r.total
    FROM ${sql.table(`${prefix}_rows`)} r LEFT JOIN users u ON u.user_id = r.user_id
    WHERE r.contest_id = ${contest.contestId} AND r.view = ${view} ${excluded}
    ORDER BY ${order}, r.first_time, r.first_submission_id`.execute(db);
  return rows.map((row) => ({
    uid: row.user_id,
    username: row.username,
    realname: row.realname,
    nickname: row.nickname,
    school: row.school,
    gender: row.gender,
    avatar: row.avatar,
    ac: row.ac,
    totalScore: row.total_score,
    totalTime: Number(row.total_time),
    total: row.total,
    submissionInfo: {},
    timeInfo: null,
  }));
}

export interface BoardChoice {
  readonly sealed: boolean;
  readonly containsEnd: boolean;
}

const boardOf = (contest: { readonly type: 'ACM' | 'OI' }, choice: BoardChoice) => ({
  prefix: boardPrefix(contest.type, choice.sealed),
  view: choice.sealed ? 'sealed' : choice.containsEnd ? 'liveWithEnd' : 'live',
});

/** The cells of some users' rows, with first blood set on ACM cells from the solved table. */
export async function readBoardCells(
  db: Db,
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  userIds: readonly string[],
  excludedUserIds: readonly string[],
): Promise<Map<string, { submissionInfo: Record<string, unknown>; timeInfo: Record<string, number> | null }>> {
  if (userIds.length === 0) return new Map();
  const { prefix, view } = boardOf(contest, choice);
  const { rows } = await sql<{
    user_id: string;
    submission_info: Record<string, unknown>;
    time_info: Record<string, number> | null;
  }>`SELECT user_id, submission_info, time_info FROM ${sql.table(`${prefix}_rows`)}
    WHERE contest_id = ${contest.contestId} AND view = ${view} AND user_id IN (${sql.join([...new Set(userIds)])})`.execute(
    db,
  );
  const firstAc =
    contest.type === 'ACM' ? await firstAcTimes(db, prefix, contest.contestId, view, excludedUserIds) : new Map();
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        submissionInfo: contest.type === 'ACM' ? withFirstBlood(row.submission_info, firstAc) : row.submission_info,
        timeInfo: row.time_info,
      },
    ]),
  );
}

async function firstAcTimes(db: Db, prefix: string, contestId: number, view: string, excluded: readonly string[]) {
  const skip = excluded.length > 0 ? sql`AND user_id NOT IN (${sql.join(excluded)})` : sql``;
  const { rows } = await sql<{ display_id: string; ac_time: number }>`
    SELECT display_id, min(ac_time) AS ac_time FROM ${sql.table(`${prefix}_solved`)}
    WHERE contest_id = ${contestId} AND view = ${view} ${skip} GROUP BY display_id`.execute(db);
  return new Map(rows.map((row) => [row.display_id, row.ac_time]));
}

/** §2.7: the first AC of a problem, or any AC in the same second, is first blood. */
function withFirstBlood(cells: Record<string, unknown>, firstAc: Map<string, number>) {
  return Object.fromEntries(
    Object.entries(cells).map(([displayId, value]) => {
      const cell = value as { isAC?: boolean; ACTime?: number };
      return [displayId, cell.isAC ? { ...cell, isFirstAC: cell.ACTime === firstAc.get(displayId) } : cell];
    }),
  );
}

export async function contestAnnouncements(
  db: Db,
  contestId: number,
  options: { visibleOnly: boolean; page: number; limit: number },
) {
  let query = db.selectFrom('contest_announcements').where('contest_id', '=', contestId);
  if (options.visibleOnly) query = query.where('visible', '=', true);
  const total = await query.select(db.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('announcement_id', 'desc')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return { total: Number(total?.count ?? 0), rows };
}

/** Not access-checked and hidden ones included, as HOJ's client relies on (§1.1 [quirk 5]). */
export async function unreadAnnouncements(db: Db, contestId: number, readIds: readonly number[]) {
  let query = db.selectFrom('contest_announcements').selectAll().where('contest_id', '=', contestId);
  if (readIds.length > 0) query = query.where('announcement_id', 'not in', readIds);
  return query.orderBy('created_at', 'desc').execute();
}

export type { ContestSettings };
