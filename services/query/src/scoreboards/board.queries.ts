import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@oj/read-models';
import { boardOf, readBoardCells, type BoardChoice } from './board-cells.queries';
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

/**
 * The boards' reads (§2.7–2.10): rows in board order from the scoreboard projections' tables (the names from
 * @oj/read-models/names), a ranked page with the viewer pinned, and cells with first blood.
 */

type Db = Kysely<Database>;

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
  const { tables, view } = boardOf(contest, choice);
  const excluded = excludedUserIds.length > 0 ? sql`AND r.user_id NOT IN (${sql.join(excludedUserIds)})` : sql``;
  const { rows } = await sql<StoredBoardRow>`SELECT ${boardColumns}
    FROM ${sql.table(tables.rows)} r LEFT JOIN users u ON u.user_id = r.user_id
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
  const { tables, view } = boardOf(contest, choice);
  const rowsTable = sql.table(tables.rows);
  const onThisBoard = sql`r.contest_id = ${contest.contestId} AND r.view = ${view}`;
  const pinnedIds = [...new Set([...(request.viewerId ? [request.viewerId] : []), ...request.concernedList])];
  const stars = settings.starAccounts;
  // The board rows the page may show: pinned rows move them down by at most the number of pinned ids.
  const first = (request.currentPage - 1) * request.limit;
  const fetched = { offset: Math.max(0, first - pinnedIds.length), limit: request.limit + pinnedIds.length };
  const listedHere = sql`r.user_id <> ALL(${[...excludedUserIds]}::text[])
    ${settings.removeStar ? sql`AND coalesce(u.username, r.username) <> ALL(${[...stars]}::text[])` : sql``}`;
  // One round trip: the special rows (three index probes; an OR of them would scan the board: by id, by stored
  // name, by current name) and those board rows. The page is cut before its users are joined (issue 14, api
  // bench): joined first, a deep page of a 10,000-row board sorted the whole joined board (160 ms on page 17 of 300).
  const specialOf = (condition: RawBuilder<unknown>) => sql`(SELECT 'special' AS part, ${boardColumns}
    FROM ${rowsTable} r LEFT JOIN users u ON u.user_id = r.user_id WHERE ${onThisBoard} AND ${condition})`;
  const { rows: readRows } = await sql<StoredBoardRow & { part: 'special' | 'page' }>`
    ${specialOf(sql`r.user_id = ANY(${[...excludedUserIds, ...pinnedIds]}::text[])`)}
    UNION ${specialOf(sql`r.username = ANY(${[...stars]}::text[])`)}
    UNION ${specialOf(sql`r.user_id = ANY(ARRAY(SELECT user_id FROM users
      WHERE username_key = ANY(${stars.map((name) => name.toLowerCase())}::text[])))`)}
    UNION ALL (SELECT 'page' AS part, ${boardColumns}
      FROM (SELECT r.user_id, r.username, r.ac, r.total_score, r.total_time, r.total, r.first_time,
          r.first_submission_id FROM ${rowsTable} r ${settings.removeStar ? sql`LEFT JOIN users u ON u.user_id = r.user_id` : sql``}
        WHERE ${onThisBoard} AND ${listedHere} ORDER BY ${boardOrder} LIMIT ${fetched.limit} OFFSET ${fetched.offset}) r
      LEFT JOIN users u ON u.user_id = r.user_id)`.execute(db);
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
  const counts = await readStandingCounts(db, rowsTable, onThisBoard, anchors);
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

/** One pass over the board's index entries: its size, and per anchor the rows better than and before it. */
async function readStandingCounts(
  db: Db,
  rowsTable: RawBuilder<unknown>,
  onThisBoard: RawBuilder<unknown>,
  anchors: readonly PlacedEntry[],
): Promise<Record<string, string>> {
  const countsOf = (anchor: PlacedEntry, at: number) => {
    const [rankKeyValue, totalTime] = keysOf(anchor);
    return sql`count(*) FILTER (WHERE (${rankKey}, r.total_time) < (${rankKeyValue}::int, ${totalTime}::bigint))
        AS ${sql.raw(`better_${at}`)},
      count(*) FILTER (WHERE (${rankKey}, r.total_time, r.first_time, r.first_submission_id)
        < (${rankKeyValue}::int, ${totalTime}::bigint, ${anchor.firstTime}::int, ${anchor.firstSubmissionId}::int))
        AS ${sql.raw(`before_${at}`)}`;
  };
  const { rows } = await sql<Record<string, string>>`
    SELECT ${sql.join([sql`count(*) AS board`, ...anchors.map(countsOf)])}
    FROM ${rowsTable} r WHERE ${onThisBoard}`.execute(db);
  return rows[0] ?? {};
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
