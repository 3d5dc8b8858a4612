import type { BoardRow, PlacedRow } from '@oj/events/folds';
import {
  pageOf,
  pageWindowOf,
  rankRun,
  type BoardEntry,
  type PageRequest,
  type RankSettings,
  type Standing,
} from './scoreboard-ranking';

/**
 * One page of a board at a past position without making every row of it (issue 13 item 1, scrubbing): the fold
 * hands the board's rows already in board order, so the rows a page shows and where each stands among the
 * others (`Standing`) come from one pass over light rows, and only the shown rows become entries (with a profile
 * and cells). Pure; equals `pageOfRanked(rankEntries(every entry), request)` without a keyword (a property test
 * checks it). A keyword filters on names and schools, which every row needs, so the caller takes the whole board.
 */

/** A row the page shows: pinned (the viewer, then concerned users) or in the page's run of board rows. */
export interface ShownRow {
  readonly userId: string;
  readonly row: BoardRow;
  /** Where it stands among the counted (non-star) rows; null for a star user (rank -1). */
  readonly standing: Standing | null;
}

export interface HistoryPageRows {
  readonly shown: readonly ShownRow[];
  /** Pinned rows in the whole list (the page's `total` counts them again, as HOJ does). */
  readonly pinnedCount: number;
  /** Board rows listed: excluded users and (with removeStar) star users left out. */
  readonly listed: number;
  /** Listed rows that are not star users (the head count of proportional awards). */
  readonly counted: number;
}

const sameKeys = (a: BoardRow, b: BoardRow, type: RankSettings['type']) =>
  type === 'ACM'
    ? a.ac === b.ac && a.totalTime === b.totalTime
    : a.totalScore === b.totalScore && a.totalTime === b.totalTime;

/** The rows a page shows, from the board's rows in board order. */
export function historyPageRows(
  order: readonly PlacedRow[],
  excluded: ReadonlySet<string>,
  isStar: (userId: string) => boolean,
  settings: RankSettings,
  request: Pick<PageRequest, 'viewerId' | 'concernedList' | 'currentPage' | 'limit'>,
): HistoryPageRows {
  const concerned = new Set(request.concernedList);
  const listed: ShownRow[] = [];
  const own: ShownRow[] = [];
  const pinned: ShownRow[] = [];
  let counted = 0;
  let previous: { row: BoardRow; better: number } | null = null;
  for (const { userId, row } of order) {
    if (excluded.has(userId)) continue;
    const star = isStar(userId);
    if (star && settings.removeStar) continue;
    let standing: Standing | null = null;
    if (!star) {
      // "1, 1, 3": a row tied with the counted row before it stands as that row does.
      const better: number = previous && sameKeys(previous.row, row, settings.type) ? previous.better : counted;
      standing = { better, before: counted };
      previous = { row, better };
      counted += 1;
    }
    const shown = { userId, row, standing };
    listed.push(shown);
    if (userId === request.viewerId) own.push(shown);
    else if (concerned.has(userId)) pinned.push(shown);
  }
  const pins = [...own, ...pinned];
  const window = pageWindowOf(pins.length, request);
  return {
    shown: [
      ...pins.slice(window.pinnedFrom, window.pinnedTo),
      ...listed.slice(window.boardOffset, window.boardOffset + window.boardLimit),
    ],
    pinnedCount: pins.length,
    listed: listed.length,
    counted,
  };
}

/** The page reply from the shown rows' entries (in the order of `rows.shown`): ranks and awards as on the whole board. */
export function historyPageOf<Entry extends BoardEntry>(
  rows: HistoryPageRows,
  entries: readonly Entry[],
  settings: RankSettings,
  request: PageRequest,
) {
  const starred = new Set(rows.shown.flatMap((shown) => (shown.standing ? [] : [shown.userId])));
  const shape = { counted: rows.counted, isStar: (entry: BoardEntry) => starred.has(entry.uid) };
  const records = entries.flatMap((entry, index) =>
    rankRun([entry], rows.shown[index]?.standing ?? null, settings, shape),
  );
  return pageOf(records, rows.pinnedCount, rows.listed, request);
}
