import type { BoardContest, BoardRow, BoardView } from './scoreboard-rows';
import { byBoardOrder } from './board-replay';
import {
  boardRecordsAt,
  countUpTo,
  everyone,
  type BoardTimeline,
  type PlacedRow,
  type Snapshot,
} from './board-timeline';
import { boardRowOf } from './scoreboard-rows';

/**
 * The boards of a timeline (`board-timeline.ts`) in board order, fast enough to scrub (issue 13 item 1). Each
 * view keeps the ordered rows of the last positions asked (snapshots); the board at a position is the nearest
 * snapshot's with only the users moved in between re-scored and merged back into place, so a one-minute scrub
 * costs that minute's users and one pass over the board, never a re-sort of it. Rows depend only on the contest
 * facts and the user's own records, and board order is total on one board, so this equals sorting the rows of
 * a fold from the first event (`board-timeline.test.ts` moves forwards and backwards against it).
 */

/** The board at a position: every user's row on one view, and the last folded position. */
export type TimelineBoard = { readonly position: bigint; readonly rows: Map<string, BoardRow> };

/** The board at a position in board order (`byBoardOrder`), and the last folded position. */
export type OrderedBoard = { readonly position: bigint; readonly order: readonly PlacedRow[] };

/** Every user's row on one view as of `position` (events after it unseen), as `replayedRows(replayAt(…))`. */
export function timelineRowsAt(timeline: BoardTimeline, position: bigint, view: BoardView): TimelineBoard {
  const { position: at, order } = timelineBoardAt(timeline, position, view);
  return { position: at, rows: new Map(order.map(({ userId, row }) => [userId, row])) };
}

/**
 * The rows of one view as of `position` in board order: the same rows as `timelineRowsAt`, sorted by
 * `byBoardOrder`. The array is the timeline's own (kept as a snapshot): read it, never change it.
 */
export function timelineBoardAt(timeline: BoardTimeline, position: bigint, view: BoardView): OrderedBoard {
  const count = countUpTo(timeline.positions, position);
  const at = count === 0 ? 0n : (timeline.positions[count - 1] as bigint);
  return { position: at, order: orderAtCount(timeline, count, view) };
}

/**
 * The ordered rows at the first `count` events: a kept snapshot's with only the users who moved in between
 * re-scored and merged back into place (the nearest kept one, either side: a scrub back re-scores the users
 * touched since), or every user scored and sorted when none is near; the answer is kept as a snapshot too
 * (the least recently asked one goes), so the next scrub starts from it.
 */
function orderAtCount(timeline: BoardTimeline, count: number, view: BoardView): readonly PlacedRow[] {
  const kept = timeline.snapshots.get(view) ?? new Map<number, Snapshot>();
  timeline.snapshots.set(view, kept);
  const made = kept.get(count);
  if (made) {
    kept.delete(count);
    kept.set(count, made);
    return made.order;
  }
  let near: Snapshot | null = null;
  for (const snapshot of kept.values()) {
    if (!near || Math.abs(snapshot.count - count) < Math.abs(near.count - count)) near = snapshot;
  }
  const order = (near && orderFrom(timeline, near, count, view)) ?? orderFromScratch(timeline, count, view);
  kept.set(count, { count, order });
  if (kept.size > timeline.keptSnapshots) kept.delete(kept.keys().next().value as number);
  return order;
}

const contestAt = (timeline: BoardTimeline, count: number) =>
  count === 0 ? null : (timeline.contests[count - 1] ?? null);

const inBoardOrder = (a: PlacedRow, b: PlacedRow): number => byBoardOrder(a.row, b.row);

/** Every user's row at the first `count` events, sorted. */
function orderFromScratch(timeline: BoardTimeline, count: number, view: BoardView): PlacedRow[] {
  const contest = contestAt(timeline, count);
  if (!contest) return [];
  return placedRowsOf(timeline, contest, timeline.submissionsOf.keys(), count, view).sort(inBoardOrder);
}

/**
 * The ordered rows at `count` from a snapshot's: the rows of users who moved in between are taken out, re-scored,
 * sorted among themselves and merged back (O(n + k log k) for k moved users of n), so unmoved rows keep their
 * relative order without a comparison. Null when re-scoring from scratch is as cheap (the facts moved, or most
 * users did).
 */
function orderFrom(timeline: BoardTimeline, base: Snapshot, count: number, view: BoardView): PlacedRow[] | null {
  const contest = contestAt(timeline, count);
  if (!contest) return null;
  const moved = movedBetween(timeline, base.count, count, timeline.submissionsOf.size * rescoreShare);
  if (moved === everyone) return null;
  if (moved.size === 0) return [...base.order];
  const rescored = placedRowsOf(timeline, contest, moved, count, view).sort(inBoardOrder);
  return mergedInOrder(
    base.order.filter(({ userId }) => !moved.has(userId)),
    rescored,
  );
}

/** Two arrays each in board order as one (a merge: neither is compared within itself). */
function mergedInOrder(left: readonly PlacedRow[], right: readonly PlacedRow[]): PlacedRow[] {
  const merged: PlacedRow[] = new Array<PlacedRow>(left.length + right.length);
  let l = 0;
  let r = 0;
  let out = 0;
  while (l < left.length && r < right.length) {
    const a = left[l] as PlacedRow;
    const b = right[r] as PlacedRow;
    if (byBoardOrder(a.row, b.row) <= 0) {
      merged[out++] = a;
      l++;
    } else {
      merged[out++] = b;
      r++;
    }
  }
  while (l < left.length) merged[out++] = left[l++] as PlacedRow;
  while (r < right.length) merged[out++] = right[r++] as PlacedRow;
  return merged;
}

/**
 * Above this share of the users moved, a board is scored from scratch rather than moved from a snapshot: moving
 * re-scores the moved users and merges (n + k log k), scratch re-scores all n and sorts (n log n).
 */
const rescoreShare = 0.8;

/**
 * The users whose rows may have changed between two counts (either order), or everyone when the contest facts
 * did or more than `limit` users did.
 */
function movedBetween(timeline: BoardTimeline, from: number, to: number, limit: number): Set<string> | typeof everyone {
  const moved = new Set<string>();
  for (let index = Math.min(from, to); index < Math.max(from, to); index++) {
    const touch = timeline.touches[index];
    if (touch === everyone) return everyone;
    for (const userId of touch ?? []) moved.add(userId);
    if (moved.size > limit) return everyone;
  }
  return moved;
}

/** The rows of some users at the first `count` events, in no order (users with no row have none). */
function placedRowsOf(
  timeline: BoardTimeline,
  contest: BoardContest,
  userIds: Iterable<string>,
  count: number,
  view: BoardView,
): PlacedRow[] {
  const placed: PlacedRow[] = [];
  for (const userId of userIds) {
    const records = boardRecordsAt(timeline, userId, count);
    const row = records.length === 0 ? null : boardRowOf(contest, records, view);
    if (row) placed.push({ userId, row });
  }
  return placed;
}
