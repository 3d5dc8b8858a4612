import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { boardOf, withFirstBlood, type BoardChoice } from './board-cells.queries';
import type { PageRequest, RankSettings } from './scoreboard-ranking';

/** The rank page's one statement (board.queries.ts `readRankedPage` numbers what it reads) and the board's columns. */

type Db = Kysely<Database>;

/**
 * Board order (§2.7 ACM ac desc, §2.9 OI score desc — the other is always 0 — then time, then the first
 * processed record as the stable tie order): `rank_key` is `-(ac + total_score)`, stored and indexed (0014).
 */
export const rankKey = sql`r.rank_key`;
export const boardOrder = sql`${rankKey}, r.total_time, r.first_time, r.first_submission_id`;

export interface StoredBoardRow {
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

export const boardColumns = sql`r.user_id, coalesce(u.username, r.username) AS username, u.realname, u.nickname, u.school,
  u.gender, u.avatar, r.ac, r.total_score, r.total_time, r.total, r.first_time, r.first_submission_id`;

/** What a ranked page is read from: the board, which of its views, who is left out, the rank settings, the page. */
export type RankedPageAsk = [
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  excludedUserIds: readonly string[],
  settings: RankSettings,
  request: PageRequest,
];

export interface Cells {
  readonly submissionInfo: Record<string, unknown>;
  readonly timeInfo: Record<string, number> | null;
}

export const pinnedIdsOf = (request: PageRequest) => [
  ...new Set([...(request.viewerId ? [request.viewerId] : []), ...request.concernedList]),
];

/** The board rows the page may show: pinned rows move them down by at most the number of pinned ids. */
export const fetchedRange = (request: PageRequest) => {
  const pinnedCount = pinnedIdsOf(request).length;
  const first = (request.currentPage - 1) * request.limit;
  return { offset: Math.max(0, first - pinnedCount), limit: request.limit + pinnedCount };
};

export interface PickedRow extends StoredBoardRow {
  is_special: boolean;
  is_page: boolean;
  /** Null unless the row is an anchor (readPickedRows). */
  better: number | null;
  before: number | null;
  submission_info: Record<string, unknown>;
  time_info: Record<string, number> | null;
}

export interface PickedRows {
  readonly boardSize: number;
  readonly rows: readonly PickedRow[];
}

/**
 * One statement, so one snapshot and one round trip (issue 14, api bench: the page took five: BEGIN, rows,
 * counts, cells, COMMIT). Every part is an index range, none a per-row window over the board (a window over the
 * 10,000 rows cost 15–60 ms on the loaded VM, an index-only count 5):
 * - `special`: rows excluded, pinned or starred (three probes: by id, by stored name, by current name);
 * - `page`: the listed rows the page may show, cut from the covering rank index (migration 0026) before anything
 *   is joined;
 * - `counts`: for each anchor (the special rows, and the page's first rows up to where its run's first non-star
 *   row can be), the rows strictly better by (rank key, time) and strictly before it in board order: index-only
 *   range of the covering rank index up to the anchor, which holds every row better than it (a join of the board
 *   with the anchors, grouped, cost 30 ms where the ranges cost 2 on page 1); the board's size is one more
 *   index-only count;
 * - `picked`: those rows with their users and cells, each by its primary key (LIMIT 1, here and in `anchor`:
 *   without it the planner, misled by the estimate of the union, hashed the whole board to join 52 rows), and first blood from the solved
 *   table for the problems they solved.
 */
export async function readPickedRows(db: Db, ...[contest, choice, excludedUserIds, settings, request]: RankedPageAsk) {
  const { tables, view } = boardOf(contest, choice);
  const rowsTable = sql.table(tables.rows);
  const onThisBoard = (alias: string) =>
    sql`${sql.ref(`${alias}.contest_id`)} = ${contest.contestId} AND ${sql.ref(`${alias}.view`)} = ${view}`;
  const stars = settings.starAccounts;
  const pinnedIds = pinnedIdsOf(request);
  const fetched = fetchedRange(request);
  // The run starts at most pinnedIds.length rows into the page's rows, and its first non-star row at most one
  // row per star account later.
  const anchorsOnPage = pinnedIds.length + stars.length + 1;
  const listedHere = sql`r.user_id <> ALL(${[...excludedUserIds]}::text[])
    ${settings.removeStar ? sql`AND coalesce(u.username, r.username) <> ALL(${[...stars]}::text[])` : sql``}`;
  const placeOfRow = (alias: string) =>
    sql.raw(`(${alias}.rank_key, ${alias}.total_time, ${alias}.first_time, ${alias}.first_submission_id)`);
  const isAcm = contest.type === 'ACM';
  const { rows } = await sql<{ board_size: string | null; first_ac: Record<string, number> | null; rows: PickedRow[] }>`
    WITH special AS (
      SELECT r.user_id FROM ${rowsTable} r
        WHERE ${onThisBoard('r')} AND r.user_id = ANY(${[...excludedUserIds, ...pinnedIds]}::text[])
      UNION SELECT r.user_id FROM ${rowsTable} r WHERE ${onThisBoard('r')} AND r.username = ANY(${[...stars]}::text[])
      UNION SELECT r.user_id FROM ${rowsTable} r WHERE ${onThisBoard('r')} AND r.user_id = ANY(ARRAY(
        SELECT user_id FROM users WHERE username_key = ANY(${stars.map((name) => name.toLowerCase())}::text[])))),
    page AS (
      SELECT r.user_id, row_number() OVER (ORDER BY ${boardOrder}) AS at
      FROM (SELECT r.user_id, r.rank_key, r.total_time, r.first_time, r.first_submission_id
        FROM ${rowsTable} r ${settings.removeStar ? sql`LEFT JOIN users u ON u.user_id = r.user_id` : sql``}
        WHERE ${onThisBoard('r')} AND ${listedHere}
        ORDER BY ${boardOrder} LIMIT ${fetched.limit} OFFSET ${fetched.offset}) r),
    anchor AS MATERIALIZED (
      SELECT a.* FROM (SELECT user_id FROM special UNION SELECT user_id FROM page WHERE at <= ${anchorsOnPage}) x
      CROSS JOIN LATERAL (
        SELECT a.user_id, a.rank_key, a.total_time, a.first_time, a.first_submission_id FROM ${rowsTable} a
        WHERE ${onThisBoard('a')} AND a.user_id = x.user_id LIMIT 1) AS a),
    counts AS MATERIALIZED (
      SELECT a.user_id, c.better, c.before FROM anchor a CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE (b.rank_key, b.total_time) < (a.rank_key, a.total_time)) AS better,
          count(*) AS before
        FROM ${rowsTable} b WHERE ${onThisBoard('b')} AND ${placeOfRow('b')} < ${placeOfRow('a')}) AS c),
    picked AS (
      SELECT x.user_id IN (SELECT user_id FROM special) AS is_special,
        x.user_id IN (SELECT user_id FROM page) AS is_page, c.better, c.before, shown.*
      FROM (SELECT user_id FROM special UNION SELECT user_id FROM page) x
      CROSS JOIN LATERAL (
        SELECT ${boardColumns}, r.submission_info, r.time_info
        FROM ${rowsTable} r LEFT JOIN users u ON u.user_id = r.user_id
        WHERE ${onThisBoard('r')} AND r.user_id = x.user_id LIMIT 1) AS shown
      LEFT JOIN counts c ON c.user_id = x.user_id),
    first_ac AS (
      SELECT solved.display_id, (SELECT s.ac_time FROM ${sql.table(tables.solved)} s
          WHERE ${onThisBoard('s')} AND s.display_id = solved.display_id
            AND s.user_id <> ALL(${[...excludedUserIds]}::text[])
          ORDER BY s.ac_time LIMIT 1) AS ac_time
      FROM (SELECT DISTINCT cell.key FROM picked, jsonb_each(picked.submission_info) AS cell
          WHERE ${isAcm} AND jsonb_typeof(cell.value) = 'object' AND cell.value->>'isAC' = 'true')
        AS solved(display_id))
    SELECT (SELECT count(*) FROM ${rowsTable} b WHERE ${onThisBoard('b')}) AS board_size,
      (SELECT json_object_agg(display_id, ac_time) FROM first_ac WHERE ac_time IS NOT NULL) AS first_ac,
      (SELECT coalesce(json_agg(picked), '[]') FROM picked) AS rows`.execute(db);
  const [answer] = rows;
  const firstAc = new Map(Object.entries(answer?.first_ac ?? {}));
  return {
    boardSize: Number(answer?.board_size ?? 0),
    rows: (answer?.rows ?? []).map((row) =>
      isAcm ? { ...row, submission_info: withFirstBlood(row.submission_info, firstAc) } : row,
    ),
  };
}
