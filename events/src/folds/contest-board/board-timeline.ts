import { parseContestEvent } from '../../catalogue/contest';
import { submissionChangesOf } from '../../catalogue/rejudging';
import type { RecordedEvent } from '../../store/event-store';
import { contestBoardAfter } from './board-contest';
import { recordStatusOf, type BoardContest, type BoardRecord, type BoardRow, type BoardView } from './scoreboard-rows';
import { movesRows, recordAfter, type ScoreboardRecord } from './scoreboard-records';

/**
 * One contest's board at any position, fast enough to scrub (issue 13 item 1): the same fold as
 * `board-replay.ts` (`contestBoardAfter`, `recordAfter`, `boardRowOf`), kept as a timeline instead of copies of
 * the records. Each record keeps its versions (event index → record), each folded event says whose rows it
 * may move (a judged record's user; a contest fact that changes — settings, problems, deletion — moves everyone),
 * and each view keeps its ordered boards at the last positions asked (`timeline-boards.ts` makes and moves them).
 * Rows depend only on the contest facts and the user's own records, so a board equals `replayedRows(replayAt(…))`
 * (property tests here and in the projector check it).
 */

/** An event that changes the contest facts the rows depend on: every user is re-scored across it. */
export const everyone: unique symbol = Symbol('everyone');
/** Whose rows an event moves: its users (an applied staged rejudge moves several), everyone, or no one. */
type Touch = readonly string[] | typeof everyone | null;

/** A version of a record that is held but counts nowhere (pending, §0): no record of its own to keep. */
const pending: unique symbol = Symbol('pending');
type Version = BoardRecord | typeof pending | null;

/**
 * One submission's versions, as parallel arrays (a contest of 200,000 submissions keeps them all, so each
 * version is two array slots rather than objects: a smaller heap for the collector to walk while scrubbing).
 */
interface SubmissionHistory {
  readonly submissionId: number;
  /** The name it was submitted under (a record keeps it through every version). */
  readonly username: string;
  /** The timeline index of the event that made each version, ascending (numbers: a scrub compares them). */
  readonly indices: number[];
  /** Each version as `boardRowOf` takes it (made once at fold time), `pending`, or null: no longer held. */
  readonly records: Version[];
}

/**
 * One user's row on a board, in the board's order. A board is an array of these in `byBoardOrder`, which is a
 * total order on one board's rows (the last key is the first processed record, and a record has one user).
 */
export interface PlacedRow {
  readonly userId: string;
  readonly row: BoardRow;
}

/** The ordered rows of one view at the first `count` events of the timeline (never changed once made). */
export interface Snapshot {
  readonly count: number;
  readonly order: readonly PlacedRow[];
}

export interface BoardTimeline {
  readonly contestId: number;
  /** How many ordered boards each view keeps (each an array of every user's row). */
  readonly keptSnapshots: number;
  /** Per folded event (in order): its position, the contest facts after it, and whose rows it moves. */
  readonly positions: bigint[];
  readonly contests: (BoardContest | null)[];
  readonly touches: Touch[];
  readonly versions: Map<number, SubmissionHistory>;
  /** userId → their submissions, in the order first held. */
  readonly submissionsOf: Map<string, SubmissionHistory[]>;
  /** Each name submitted under → its users (a page finds star accounts by name without naming every user). */
  readonly usersByName: Map<string, Set<string>>;
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
  usersByName: new Map(),
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
      const history = timeline.versions.get(submissionId);
      history?.indices.push(timeline.positions.length);
      history?.records.push(null);
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
    const before = timeline.current.get(parsed.data.submissionId) ?? null;
    const after = recordAfter(before, parsed, event.position);
    if (!after || after.contestId !== timeline.contestId || contest === null) continue;
    keepVersion(timeline, after, timeline.positions.length);
    // A new record is pending and counts nowhere (§0): only a record that counted or counts now moves a row.
    if (movesRows(before, after)) users.push(after.userId);
  }
  return users.length === 0 ? null : users;
}

function keepVersion(timeline: BoardTimeline, record: ScoreboardRecord, index: number): void {
  const status = recordStatusOf(record.status);
  const board: Version =
    status === null
      ? pending
      : {
          submissionId: record.submissionId,
          contestProblemId: record.contestProblemId,
          submittedAt: record.submittedAt,
          submittedMs: Date.parse(record.submittedAt),
          status,
          score: record.score,
          useTimeMs: record.useTimeMs,
        };
  const held = timeline.versions.get(record.submissionId);
  if (held) {
    held.indices.push(index);
    held.records.push(board);
  } else {
    const history: SubmissionHistory = {
      submissionId: record.submissionId,
      username: record.username,
      indices: [index],
      records: [board],
    };
    timeline.versions.set(record.submissionId, history);
    const submissions = timeline.submissionsOf.get(record.userId);
    if (submissions) submissions.push(history);
    else timeline.submissionsOf.set(record.userId, [history]);
    const named = timeline.usersByName.get(record.username);
    if (named) named.add(record.userId);
    else timeline.usersByName.set(record.username, new Set([record.userId]));
  }
  timeline.current.set(record.submissionId, record);
}

/** A user's counted records at the first `count` events, as `boardRowOf` takes them. */
export function boardRecordsAt(timeline: BoardTimeline, userId: string, count: number): BoardRecord[] {
  const records: BoardRecord[] = [];
  for (const history of timeline.submissionsOf.get(userId) ?? []) {
    const record = versionAt(history, count);
    if (record && record !== pending) records.push(record);
  }
  return records;
}

/**
 * A submission's version at the first `count` events (the newest one an event among them made): undefined before
 * its first, null while not held.
 */
function versionAt(history: SubmissionHistory, count: number): Version | undefined {
  const { indices } = history;
  for (let at = indices.length - 1; at >= 0; at--) {
    if ((indices[at] as number) < count) return history.records[at];
  }
  return undefined;
}

/** The name on each given user's newest submission as of a position (as `replayedUsernames`). */
export function timelineUsernamesAt(
  timeline: BoardTimeline,
  userIds: Iterable<string>,
  position: bigint,
): Map<string, string> {
  const count = countUpTo(timeline.positions, position);
  const names = new Map<string, string>();
  for (const userId of userIds) {
    let newest: SubmissionHistory | null = null;
    for (const history of timeline.submissionsOf.get(userId) ?? []) {
      const held = versionAt(history, count) ?? null;
      if (held !== null && (!newest || newest.submissionId < history.submissionId)) newest = history;
    }
    if (newest) names.set(userId, newest.username);
  }
  return names;
}

/** The users who ever submitted under one of `names` (at any position: `timelineUsernamesAt` tells the name then). */
export function timelineUsersNamed(timeline: BoardTimeline, names: Iterable<string>): Set<string> {
  const users = new Set<string>();
  for (const name of names) for (const userId of timeline.usersByName.get(name) ?? []) users.add(userId);
  return users;
}

/** How many positions are at or before `position` (binary search; positions ascend). */
export function countUpTo(positions: readonly bigint[], position: bigint): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((positions[middle] as bigint) <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}
