import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { boardOf, readBoardCells, type BoardChoice } from './board-cells.queries';
import {
  boardColumns,
  boardOrder,
  fetchedRange,
  pinnedIdsOf,
  readPickedRows,
  type Cells,
  type PickedRow,
  type PickedRows,
  type RankedPageAsk,
  type StoredBoardRow,
} from './ranked-page-rows.queries';
import {
  pageOf,
  pageOfRanked,
  pageWindowOf,
  rankEntries,
  rankRun,
  type BoardEntry,
  type Standing,
} from './scoreboard-ranking';

/**
 * The boards' reads (§2.7–2.10): rows in board order from the scoreboard projections' tables (the names from
 * @oj/read-models/names), a ranked page with the viewer pinned, and cells with first blood.
 */

type Db = Kysely<Database>;

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

/**
 * One page of a ranked board (§2.7–2.12) in one statement (readPickedRows): the rows that are special (excluded,
 * star, pinned) and the page's board rows, each with its cells and the counts of rows better than and before it,
 * less the special rows among those. `rankRun` numbers the rest, so the reply equals
 * `pageOfRanked(rankEntries(readBoard(…)))`. A keyword filters the ranked board, and a long concerned list pins
 * rows from anywhere: both take the whole board, in one snapshot.
 */
export async function readRankedPage(db: Db, ...page: RankedPageAsk) {
  const [contest, choice, excludedUserIds, settings, request] = page;
  if (request.keyword?.trim() || request.concernedList.length > maxPinnedForPageRead) {
    // Board then cells: one snapshot, so a verdict landing between the reads cannot mix two boards.
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (snapshot) => {
        const board = await readBoard(snapshot, contest, choice, excludedUserIds);
        const ranked = pageOfRanked(rankEntries(board, settings), request);
        return { ...ranked, records: await withCells(snapshot, contest, choice, ranked.records, excludedUserIds) };
      });
  }
  return rankedPageOf(await readPickedRows(db, ...page), ...page);
}

function rankedPageOf(picked: PickedRows, ...[, , excludedUserIds, settings, request]: RankedPageAsk) {
  const stars = settings.starAccounts;
  const pinnedIds = pinnedIdsOf(request);
  const standings = new Map<PlacedEntry, Standing>();
  const cells = new Map<string, Cells>();
  const entryIn = (row: PickedRow) => {
    const entry = entryOf(row);
    if (row.better !== null && row.before !== null) standings.set(entry, { better: row.better, before: row.before });
    cells.set(row.user_id, { submissionInfo: row.submission_info, timeInfo: row.time_info });
    return entry;
  };
  const excluded = new Set(excludedUserIds);
  const isStar = (entry: BoardEntry) => stars.includes(entry.username);
  const special = picked.rows.filter((row) => row.is_special).map(entryIn);
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
  const from = window.boardOffset - fetchedRange(request).offset;
  const run = picked.rows
    .filter((row) => row.is_page)
    .map(entryIn)
    .sort(inBoardOrder)
    .slice(from, from + window.boardLimit);
  const shownPins = pinned.slice(window.pinnedFrom, window.pinnedTo);
  const standingOf = (entry: PlacedEntry): Standing => {
    const standing = standings.get(entry);
    if (!standing) throw new Error(`rank page: no standing read for ${entry.uid}`);
    const { better, before } = standing;
    return {
      better: better - notCounted.filter((other) => lexicallyBefore(keysOf(other), keysOf(entry))).length,
      before: before - notCounted.filter((other) => lexicallyBefore(placeOf(other), placeOf(entry))).length,
    };
  };
  const onBoard = picked.boardSize - special.filter((entry) => excluded.has(entry.uid)).length;
  const counted = onBoard - boardStars.length;
  const shape = { counted, isStar };
  const firstOfRun = run.find((entry) => !isStar(entry));
  const records = [
    ...shownPins.flatMap((entry) => rankRun([entry], isStar(entry) ? null : standingOf(entry), settings, shape)),
    ...rankRun(run, firstOfRun ? standingOf(firstOfRun) : null, settings, shape),
  ];
  const listed = settings.removeStar ? counted : onBoard;
  const shown = records.map(withoutPlace).map((row) => ({ ...row, ...cells.get(row.uid) }));
  return pageOf(shown, pinned.length, listed, request);
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
