import { parseContestEvent } from '../../catalogue/contest';
import { submissionChangesOf } from '../../catalogue/rejudging';
import type { RecordedEvent } from '../../store/event-store';
import { contestBoardAfter } from './board-contest';
import {
  boardRowOf,
  recordStatusOf,
  type BoardContest,
  type BoardRecord,
  type BoardRow,
  type BoardView,
} from './scoreboard-rows';
import { recordAfter, type ScoreboardRecord } from './scoreboard-records';

/**
 * One contest's board at any position, fast enough to scrub (issue 13 item 1): the same fold as
 * `board-replay.ts` (`contestBoardAfter`, `recordAfter`, `boardRowOf`), kept as a timeline instead of copies of
 * the records. Each record keeps its versions (position → record), each folded event says whose rows it moves,
 * and the rows of a view are kept at the last positions asked (a few dozen snapshots). The board
 * at a position is the nearest snapshot's rows with only the users touched in between re-scored from their
 * records at that position; a contest fact that changes (settings, problems, deletion) re-scores everyone.
 * Rows depend only on the contest facts and the user's own records, so this equals `replayedRows(replayAt(…))`
 * (a property test checks it).
 */

/** An event that changes the contest facts the rows depend on: every user is re-scored across it. */
const everyone: unique symbol = Symbol('everyone');
/** Whose rows an event moves: its users (an applied staged rejudge moves several), everyone, or no one. */
type Touch = readonly string[] | typeof everyone | null;

interface RecordVersion {
  readonly position: bigint;
  /** null: not held from this position on (the contest was deleted). */
  readonly record: ScoreboardRecord | null;
  /** The record as `boardRowOf` takes it, made once at fold time (re-scoring a user allocates nothing more). */
  readonly board: BoardRecord | null;
}

/** Rows of one view at the first `count` events of the timeline. */
interface Snapshot {
  readonly count: number;
  readonly rows: ReadonlyMap<string, BoardRow>;
}

export interface BoardTimeline {
  readonly contestId: number;
  /** How many snapshots of rows each view keeps (each is a map of every user's row). */
  readonly keptSnapshots: number;
  /** Per folded event (in order): its position, the contest facts after it, and whose rows it moves. */
  readonly positions: bigint[];
  readonly contests: (BoardContest | null)[];
  readonly touches: Touch[];
  readonly versions: Map<number, RecordVersion[]>;
  /** userId → their submissions, in the order first held. */
  readonly submissionsOf: Map<string, number[]>;
  /** The fold's working state, so later events extend the timeline in place. */
  readonly current: Map<number, ScoreboardRecord>;
  readonly snapshots: Map<BoardView, Map<number, Snapshot>>;
}

/** An empty timeline. */
export const emptyTimeline = (contestId: number, keptSnapshots = 64): BoardTimeline => ({
  contestId,
  keptSnapshots,
  positions: [],
  contests: [],
  touches: [],
  versions: new Map(),
  submissionsOf: new Map(),
  current: new Map(),
  snapshots: new Map(),
});

/** The timeline of events in order. */
export function boardTimeline(
  contestId: number,
  events: Iterable<RecordedEvent>,
  keptSnapshots?: number,
): BoardTimeline {
  const timeline = emptyTimeline(contestId, keptSnapshots);
  extendTimeline(timeline, events);
  return timeline;
}

/**
 * Folds later events into the timeline (in place; snapshots already made stay valid, as they cover only earlier
 * events). Events at or before its last position, and events of other streams or contests, fold to nothing.
 */
export function extendTimeline(timeline: BoardTimeline, events: Iterable<RecordedEvent>): void {
  for (const event of events) {
    const last = timeline.positions.at(-1) ?? 0n;
    if (event.position <= last) continue;
    const contest = timeline.contests.at(-1) ?? null;
    const { after, touch }: { after: BoardContest | null; touch: Touch } = event.stream.startsWith('contest-')
      ? contestStep(timeline, contest, event)
      : { after: contest, touch: submissionStep(timeline, contest, event) };
    timeline.positions.push(event.position);
    timeline.contests.push(after);
    timeline.touches.push(touch);
  }
}

function contestStep(
  timeline: BoardTimeline,
  contest: BoardContest | null,
  event: RecordedEvent,
): { after: BoardContest | null; touch: Touch } {
  const parsed = parseContestEvent(event);
  if (!parsed || parsed.data.contestId !== timeline.contestId) return { after: contest, touch: null };
  if (parsed.type === 'ContestDeleted') {
    for (const submissionId of timeline.current.keys()) {
      timeline.versions.get(submissionId)?.push({ position: event.position, record: null, board: null });
    }
    timeline.current.clear();
    return { after: null, touch: everyone };
  }
  const after = contestBoardAfter(contest, parsed);
  // The same facts keep the same object (and re-score no one): most settings changes leave the board alone.
  if (after === contest || JSON.stringify(after) === JSON.stringify(contest)) return { after: contest, touch: null };
  return { after, touch: everyone };
}

/**
 * As `board-replay.ts` step: a submission's own event, or each result of an applied staged rejudge, and a record
 * only under a contest this board holds. Returns whose rows move.
 */
function submissionStep(timeline: BoardTimeline, contest: BoardContest | null, event: RecordedEvent): Touch {
  const users: string[] = [];
  for (const parsed of submissionChangesOf(event)) {
    const after = recordAfter(timeline.current.get(parsed.data.submissionId) ?? null, parsed, event.position);
    if (!after || after.contestId !== timeline.contestId || contest === null) continue;
    keepVersion(timeline, after, event.position);
    users.push(after.userId);
  }
  return users.length === 0 ? null : users;
}

function keepVersion(timeline: BoardTimeline, record: ScoreboardRecord, position: bigint): void {
  const board: BoardRecord = {
    submissionId: record.submissionId,
    contestProblemId: record.contestProblemId,
    submittedAt: record.submittedAt,
    submittedMs: Date.parse(record.submittedAt),
    status: recordStatusOf(record.status),
    score: record.score,
    useTimeMs: record.useTimeMs,
  };
  const version = { position, record, board };
  const versions = timeline.versions.get(record.submissionId);
  if (versions) versions.push(version);
  else {
    timeline.versions.set(record.submissionId, [version]);
    const submissions = timeline.submissionsOf.get(record.userId);
    if (submissions) submissions.push(record.submissionId);
    else timeline.submissionsOf.set(record.userId, [record.submissionId]);
  }
  timeline.current.set(record.submissionId, record);
}

/** The board at a position: every user's row on one view, and the last folded position. */
export type TimelineBoard = { readonly position: bigint; readonly rows: Map<string, BoardRow> };

/** Every user's row on one view as of `position` (events after it unseen), as `replayedRows(replayAt(…))`. */
export function timelineRowsAt(timeline: BoardTimeline, position: bigint, view: BoardView): TimelineBoard {
  const count = countUpTo(timeline.positions, position);
  const at = count === 0 ? 0n : (timeline.positions[count - 1] as bigint);
  return { position: at, rows: new Map(rowsAtCount(timeline, count, view)) };
}

/**
 * The rows at the first `count` events: a kept snapshot's rows with only the users who moved in between
 * re-scored (the nearest kept one, either side: a scrub back re-scores the users touched since), or every user
 * when none is near; the answer is kept as a snapshot too, so the next scrub starts from it.
 */
function rowsAtCount(timeline: BoardTimeline, count: number, view: BoardView): ReadonlyMap<string, BoardRow> {
  const kept = timeline.snapshots.get(view) ?? new Map<number, Snapshot>();
  timeline.snapshots.set(view, kept);
  const made = kept.get(count);
  if (made) return made.rows;
  let near: Snapshot | null = null;
  for (const snapshot of kept.values()) {
    if (!near || Math.abs(snapshot.count - count) < Math.abs(near.count - count)) near = snapshot;
  }
  const rows = near ? rowsFrom(timeline, near, count, view) : rowsFromScratch(timeline, count, view);
  kept.set(count, { count, rows });
  if (kept.size > timeline.keptSnapshots) kept.delete(kept.keys().next().value as number);
  return rows;
}

const contestAt = (timeline: BoardTimeline, count: number) =>
  count === 0 ? null : (timeline.contests[count - 1] ?? null);

/** Every user's row at the first `count` events. */
function rowsFromScratch(timeline: BoardTimeline, count: number, view: BoardView): Map<string, BoardRow> {
  const contest = contestAt(timeline, count);
  return contest ? rowsOfUsers(timeline, contest, timeline.submissionsOf.keys(), count, view) : new Map();
}

/** The rows at `count` from a snapshot's: only the users who moved in between re-scored (everyone if the facts moved). */
function rowsFrom(timeline: BoardTimeline, base: Snapshot, count: number, view: BoardView): Map<string, BoardRow> {
  const contest = contestAt(timeline, count);
  const moved = movedBetween(timeline, base.count, count);
  if (!contest || moved === everyone || moved.size > timeline.submissionsOf.size / 2) {
    return rowsFromScratch(timeline, count, view);
  }
  const rows = new Map(base.rows);
  for (const [userId, row] of rowsOfUsers(timeline, contest, moved, count, view, true)) {
    if (row) rows.set(userId, row);
    else rows.delete(userId);
  }
  return rows;
}

/** The users whose records changed between two counts (either order), or everyone when the contest facts did. */
function movedBetween(timeline: BoardTimeline, from: number, to: number): Set<string> | typeof everyone {
  const moved = new Set<string>();
  for (let index = Math.min(from, to); index < Math.max(from, to); index++) {
    const touch = timeline.touches[index];
    if (touch === everyone) return everyone;
    for (const userId of touch ?? []) moved.add(userId);
  }
  return moved;
}

/** Some users' rows at the first `count` events; with `withEmpty`, users with no row map to null. */
function rowsOfUsers(
  timeline: BoardTimeline,
  contest: BoardContest,
  userIds: Iterable<string>,
  count: number,
  view: BoardView,
  withEmpty = false,
): Map<string, BoardRow | null> & Map<string, BoardRow> {
  const position = timeline.positions[count - 1] as bigint;
  const rows = new Map<string, BoardRow | null>();
  for (const userId of userIds) {
    const records = boardRecordsAt(timeline, userId, position);
    const row = records.length === 0 ? null : boardRowOf(contest, records, view);
    if (row || withEmpty) rows.set(userId, row);
  }
  return rows as Map<string, BoardRow | null> & Map<string, BoardRow>;
}

/** A user's records as of a position: as kept, or as `boardRowOf` takes them. */
function recordsAt(timeline: BoardTimeline, userId: string, position: bigint): ScoreboardRecord[] {
  return versionsAt(timeline, userId, position).flatMap((version) => (version.record ? [version.record] : []));
}

function boardRecordsAt(timeline: BoardTimeline, userId: string, position: bigint): BoardRecord[] {
  return versionsAt(timeline, userId, position).flatMap((version) => (version.board ? [version.board] : []));
}

function versionsAt(timeline: BoardTimeline, userId: string, position: bigint): RecordVersion[] {
  const versions: RecordVersion[] = [];
  for (const submissionId of timeline.submissionsOf.get(userId) ?? []) {
    const version = versionAt(timeline.versions.get(submissionId) ?? [], position);
    if (version) versions.push(version);
  }
  return versions;
}

function versionAt(versions: readonly RecordVersion[], position: bigint): RecordVersion | null {
  for (let index = versions.length - 1; index >= 0; index--) {
    const version = versions[index] as RecordVersion;
    if (version.position <= position) return version;
  }
  return null;
}

/** The name on each given user's newest submission as of a position (as `replayedUsernames`). */
export function timelineUsernamesAt(
  timeline: BoardTimeline,
  userIds: Iterable<string>,
  position: bigint,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const userId of userIds) {
    const newest = recordsAt(timeline, userId, position).reduce<ScoreboardRecord | null>(
      (held, record) => (held && held.submissionId > record.submissionId ? held : record),
      null,
    );
    if (newest) names.set(userId, newest.username);
  }
  return names;
}

/** How many positions are at or before `position` (binary search; positions ascend). */
function countUpTo(positions: readonly bigint[], position: bigint): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((positions[middle] as bigint) <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}
