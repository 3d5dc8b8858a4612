import { sql, type Kysely, type RawBuilder } from 'kysely';
import { contestSettingsSchema, type ContestSettings } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { ContestFacts } from './contest-access';
import {
  pageOf,
  pageOfRanked,
  pageWindowOf,
  rankEntries,
  rankRun,
  type BoardEntry,
  type PageRequest,
  type RankSettings,
  type Standing,
} from './scoreboard-ranking';

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

const boardPrefix = (type: 'ACM' | 'OI', sealed: boolean) =>
  `${sealed ? 'sealed_' : ''}${type === 'ACM' ? 'acm' : 'oi'}_scoreboard`;

/**
 * Board order (§2.7 ACM ac desc, §2.9 OI score desc — the other is always 0 — then time, then the first
 * processed record as the stable tie order): `rank_key` is `-(ac + total_score)`, stored and indexed (0014).
 */
const rankKey = sql`r.rank_key`;
const boardOrder = sql`${rankKey}, r.total_time, r.first_time, r.first_submission_id`;

interface StoredBoardRow {
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
  first_time: number;
  first_submission_id: number;
}

const boardColumns = sql`r.user_id, coalesce(u.username, r.username) AS username, u.realname, u.nickname, u.school,
  u.gender, u.avatar, r.ac, r.total_score, r.total_time, r.total, r.first_time, r.first_submission_id`;

/** A board entry with the two keys after the score that fix its place (the first processed record). */
export interface PlacedEntry extends BoardEntry {
  readonly firstTime: number;
  readonly firstSubmissionId: number;
}

const entryOf = (row: StoredBoardRow): PlacedEntry => ({
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
  firstTime: row.first_time,
  firstSubmissionId: row.first_submission_id,
  submissionInfo: {},
  timeInfo: null,
});

const withoutPlace = <Entry extends PlacedEntry>({
  firstTime: _time,
  firstSubmissionId: _submission,
  ...entry
}: Entry) => entry;

/**
 * A whole board's rows in rank order, excluded users left out (the rank download; `readRankedPage` serves
 * pages). Cells are not read here: `readBoardCells` fills them for the rows shown.
 */
export async function readBoard(
  db: Db,
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  excludedUserIds: readonly string[],
): Promise<BoardEntry[]> {
  const { prefix, view } = boardOf(contest, choice);
  const excluded = excludedUserIds.length > 0 ? sql`AND r.user_id NOT IN (${sql.join(excludedUserIds)})` : sql``;
  const { rows } = await sql<StoredBoardRow>`SELECT ${boardColumns}
    FROM ${sql.table(`${prefix}_rows`)} r LEFT JOIN users u ON u.user_id = r.user_id
    WHERE r.contest_id = ${contest.contestId} AND r.view = ${view} ${excluded}
    ORDER BY ${boardOrder}`.execute(db);
  return rows.map(entryOf).map(withoutPlace);
}

/** Pinned users beyond this many (a hostile concernedList) are served from the whole board instead. */
const maxPinnedForPageRead = 200;

const keysOf = (entry: PlacedEntry) => [-(entry.ac + entry.totalScore), entry.totalTime] as const;
const placeOf = (entry: PlacedEntry) => [...keysOf(entry), entry.firstTime, entry.firstSubmissionId] as const;
const lexicallyBefore = (a: readonly number[], b: readonly number[]) => {
  const index = a.findIndex((value, at) => value !== b[at]);
  return index !== -1 && (a[index] ?? 0) < (b[index] ?? 0);
};

/** What a ranked page is read from: the board, which of its views, who is left out, the rank settings, the page. */
type RankedPageAsk = [
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  excludedUserIds: readonly string[],
  settings: RankSettings,
  request: PageRequest,
];

/**
 * One page of a ranked board (§2.7–2.12) without moving the whole board: the rows that are special (excluded,
 * star, pinned), the page's board rows through the rank index, and for the rows that start a run the counts
 * of rows better than and before them (index ranges), less the special rows among those. `rankRun` numbers
 * the rest, so the reply equals `pageOfRanked(rankEntries(readBoard(…)))`. A keyword filters the ranked
 * board, and a long concerned list pins rows from anywhere: both take the whole board.
 */
export function readRankedPage(db: Db, ...page: RankedPageAsk) {
  // One snapshot: a verdict landing between the reads would number the page's rows from counts of another board.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((snapshot) => rankedPageIn(snapshot, ...page));
}

async function rankedPageIn(db: Db, ...[contest, choice, excludedUserIds, settings, request]: RankedPageAsk) {
  if (request.keyword?.trim() || request.concernedList.length > maxPinnedForPageRead) {
    const page = pageOfRanked(rankEntries(await readBoard(db, contest, choice, excludedUserIds), settings), request);
    return { ...page, records: await withCells(db, contest, choice, page.records, excludedUserIds) };
  }
  const { prefix, view } = boardOf(contest, choice);
  const rowsTable = sql.table(`${prefix}_rows`);
  const onThisBoard = sql`r.contest_id = ${contest.contestId} AND r.view = ${view}`;
  const pinnedIds = [...new Set([...(request.viewerId ? [request.viewerId] : []), ...request.concernedList])];
  const stars = settings.starAccounts;
  // The board rows the page may show: pinned rows move them down by at most the number of pinned ids.
  const first = (request.currentPage - 1) * request.limit;
  const fetched = { offset: Math.max(0, first - pinnedIds.length), limit: request.limit + pinnedIds.length };
  const listedHere = sql`r.user_id <> ALL(${[...excludedUserIds]}::text[])
    ${settings.removeStar ? sql`AND coalesce(u.username, r.username) <> ALL(${[...stars]}::text[])` : sql``}`;
  // One round trip: the special rows (three index probes; an OR of them would scan the board: by id, by stored
  // name, by current name) and those board rows.
  const specialOf = (condition: RawBuilder<unknown>) => sql`(SELECT 'special' AS part, ${boardColumns}
    FROM ${rowsTable} r LEFT JOIN users u ON u.user_id = r.user_id WHERE ${onThisBoard} AND ${condition})`;
  const { rows: readRows } = await sql<StoredBoardRow & { part: 'special' | 'page' }>`
    ${specialOf(sql`r.user_id = ANY(${[...excludedUserIds, ...pinnedIds]}::text[])`)}
    UNION ${specialOf(sql`r.username = ANY(${[...stars]}::text[])`)}
    UNION ${specialOf(sql`r.user_id = ANY(ARRAY(SELECT user_id FROM users
      WHERE username_key = ANY(${stars.map((name) => name.toLowerCase())}::text[])))`)}
    UNION ALL (SELECT 'page' AS part, ${boardColumns}
      FROM ${rowsTable} r LEFT JOIN users u ON u.user_id = r.user_id WHERE ${onThisBoard} AND ${listedHere}
      ORDER BY ${boardOrder} LIMIT ${fetched.limit} OFFSET ${fetched.offset})`.execute(db);
  const excluded = new Set(excludedUserIds);
  const isStar = (entry: BoardEntry) => stars.includes(entry.username);
  const special = readRows.filter((row) => row.part === 'special').map(entryOf);
  const boardStars = special.filter((entry) => !excluded.has(entry.uid) && isStar(entry));
  const notCounted = special.filter((entry) => excluded.has(entry.uid) || isStar(entry));
  const isListed = (entry: BoardEntry) => !excluded.has(entry.uid) && !(settings.removeStar && isStar(entry));
  const inBoardOrder = (a: PlacedEntry, b: PlacedEntry) => (lexicallyBefore(placeOf(a), placeOf(b)) ? -1 : 1);
  const pinnedRows = special.filter((entry) => pinnedIds.includes(entry.uid) && isListed(entry)).sort(inBoardOrder);
  const pinned = [
    ...pinnedRows.filter((entry) => entry.uid === request.viewerId),
    ...pinnedRows.filter((entry) => entry.uid !== request.viewerId),
  ];
  const window = pageWindowOf(pinned.length, request);
  const from = window.boardOffset - fetched.offset;
  const run = readRows
    .filter((row) => row.part === 'page')
    .map(entryOf)
    .sort(inBoardOrder)
    .slice(from, from + window.boardLimit);
  const shownPins = pinned.slice(window.pinnedFrom, window.pinnedTo);
  const anchors = [...shownPins, ...run.filter((entry) => !isStar(entry)).slice(0, 1)].filter(
    (entry) => !isStar(entry),
  );
  // One pass over the board's index entries: its size, and per anchor the rows better than and before it.
  const countsOf = (anchor: PlacedEntry, at: number) => {
    const [rankKeyValue, totalTime] = keysOf(anchor);
    return sql`count(*) FILTER (WHERE (${rankKey}, r.total_time) < (${rankKeyValue}::int, ${totalTime}::bigint))
        AS ${sql.raw(`better_${at}`)},
      count(*) FILTER (WHERE (${rankKey}, r.total_time, r.first_time, r.first_submission_id)
        < (${rankKeyValue}::int, ${totalTime}::bigint, ${anchor.firstTime}::int, ${anchor.firstSubmissionId}::int))
        AS ${sql.raw(`before_${at}`)}`;
  };
  const { rows: countRows } = await sql<Record<string, string>>`
    SELECT ${sql.join([sql`count(*) AS board`, ...anchors.map(countsOf)])}
    FROM ${rowsTable} r WHERE ${onThisBoard}`.execute(db);
  const counts = countRows[0] ?? {};
  const standingOf = (entry: PlacedEntry): Standing => {
    const at = anchors.indexOf(entry);
    const better = Number(counts[`better_${at}`] ?? 0);
    const before = Number(counts[`before_${at}`] ?? 0);
    return {
      better: better - notCounted.filter((other) => lexicallyBefore(keysOf(other), keysOf(entry))).length,
      before: before - notCounted.filter((other) => lexicallyBefore(placeOf(other), placeOf(entry))).length,
    };
  };
  const onBoard = Number(counts.board ?? 0) - special.filter((entry) => excluded.has(entry.uid)).length;
  const counted = onBoard - boardStars.length;
  const shape = { counted, isStar };
  const firstOfRun = anchors.find((entry) => run.includes(entry));
  const records = [
    ...shownPins.flatMap((entry) => rankRun([entry], isStar(entry) ? null : standingOf(entry), settings, shape)),
    ...rankRun(run, firstOfRun ? standingOf(firstOfRun) : null, settings, shape),
  ];
  const listed = settings.removeStar ? counted : onBoard;
  const shown = records.map(withoutPlace);
  return pageOf(await withCells(db, contest, choice, shown, excludedUserIds), pinned.length, listed, request);
}

/** The shown rows with their cells (and first blood). */
async function withCells<Entry extends BoardEntry>(
  db: Db,
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  records: readonly Entry[],
  excludedUserIds: readonly string[],
): Promise<Entry[]> {
  const cells = await readBoardCells(
    db,
    contest,
    choice,
    records.map((row) => row.uid),
    excludedUserIds,
  );
  return records.map((row) => ({ ...row, ...cells.get(row.uid) }));
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
  // One round trip: the rows' cells and, for the problems they solved, the earliest AC second (first blood),
  // excluded users skipped, one index probe per display id.
  const { rows } = await sql<{
    user_id: string | null;
    submission_info: Record<string, unknown> | null;
    time_info: Record<string, number> | null;
    display_id: string | null;
    ac_time: number | null;
  }>`WITH cells AS (SELECT user_id, submission_info, time_info FROM ${sql.table(`${prefix}_rows`)}
      WHERE contest_id = ${contest.contestId} AND view = ${view} AND user_id = ANY(${[...new Set(userIds)]}::text[]))
    SELECT user_id, submission_info, time_info, NULL AS display_id, NULL::int AS ac_time FROM cells
    UNION ALL
    SELECT NULL, NULL, NULL, solved.display_id, (SELECT s.ac_time FROM ${sql.table(`${prefix}_solved`)} s
        WHERE s.contest_id = ${contest.contestId} AND s.view = ${view} AND s.display_id = solved.display_id
          AND s.user_id <> ALL(${[...excludedUserIds]}::text[])
        ORDER BY s.ac_time LIMIT 1)
    FROM (SELECT DISTINCT cell.key FROM cells, jsonb_each(cells.submission_info) AS cell
        WHERE ${contest.type === 'ACM'} AND jsonb_typeof(cell.value) = 'object' AND cell.value->>'isAC' = 'true')
      AS solved(display_id)`.execute(db);
  const firstAc = new Map(
    rows.flatMap((row) =>
      row.display_id !== null && row.ac_time !== null ? [[row.display_id, row.ac_time] as const] : [],
    ),
  );
  return new Map(
    rows.flatMap((row) =>
      row.user_id !== null && row.submission_info !== null
        ? [
            [
              row.user_id,
              {
                submissionInfo:
                  contest.type === 'ACM' ? withFirstBlood(row.submission_info, firstAc) : row.submission_info,
                timeInfo: row.time_info,
              },
            ] as const,
          ]
        : [],
    ),
  );
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

/**
 * The published announcements not in `readIds`. HOJ includes hidden drafts and checks no access (§1.1 [quirk 5]);
 * not copied (F11): the client's poll needs only the ids of published unread ones, and the route checks access.
 */
export async function unreadAnnouncements(db: Db, contestId: number, readIds: readonly number[]) {
  let query = db
    .selectFrom('contest_announcements')
    .selectAll()
    .where('contest_id', '=', contestId)
    .where('visible', '=', true);
  if (readIds.length > 0) query = query.where('announcement_id', 'not in', readIds);
  return query.orderBy('created_at', 'desc').execute();
}

export type { ContestSettings };
