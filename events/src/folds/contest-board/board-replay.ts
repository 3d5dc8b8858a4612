import { parseContestEvent } from '../../catalogue/contest';
import { submissionChangesOf } from '../../catalogue/rejudging';
import type { RecordedEvent } from '../../store/event-store';
import { contestBoardAfter } from './board-contest';
import { boardRowOf, recordStatusOf, type BoardContest, type BoardRow, type BoardView } from './scoreboard-rows';
import { recordAfter, type ScoreboardRecord } from './scoreboard-records';

/**
 * One contest's board folded from its events alone (issue 13 item 1): the same three pure steps the projection
 * runs (`contestBoardAfter`, `recordAfter`, `boardRowOf`) without its tables, so the board "as of position p"
 * is the fold of the contest's events up to p. The projection's property test checks the two agree after
 * every event. Ranking stays with the query (scoreboard-ranking.ts), as for the live board.
 */
export interface ReplayedContest {
  readonly contestId: number;
  /** null before ContestCreated and after ContestDeleted. */
  readonly contest: BoardContest | null;
  readonly records: ReadonlyMap<number, ScoreboardRecord>;
  /** Position of the last event folded in (0n before any). */
  readonly position: bigint;
}

export const emptyReplay = (contestId: number): ReplayedContest => ({
  contestId,
  contest: null,
  records: new Map(),
  position: 0n,
});

/** The fold's working state: one records map mutated in place, so a long history folds in linear time. */
interface Working {
  contest: BoardContest | null;
  records: Map<number, ScoreboardRecord>;
  position: bigint;
}

/**
 * One more event into the working state. Events of other streams, other contests and older positions change
 * nothing, so a caller may feed it all of `$all` or only the contest's streams.
 */
function step(contestId: number, state: Working, event: RecordedEvent): void {
  if (event.position <= state.position) return;
  state.position = event.position;
  if (event.stream.startsWith('contest-')) {
    const parsed = parseContestEvent(event);
    if (!parsed || parsed.data.contestId !== contestId) return;
    if (parsed.type === 'ContestDeleted') {
      state.contest = null;
      state.records = new Map();
      return;
    }
    state.contest = contestBoardAfter(state.contest, parsed);
    return;
  }
  // A submission's own event, or each result of an applied staged rejudge (issue 13 item 4).
  for (const parsed of submissionChangesOf(event)) {
    const after = recordAfter(state.records.get(parsed.data.submissionId) ?? null, parsed, event.position);
    // As the projection's insert guard: a record only under a contest this board holds.
    if (!after || after.contestId !== contestId || state.contest === null) continue;
    state.records.set(after.submissionId, after);
  }
}

const frozen = (contestId: number, state: Working): ReplayedContest => ({
  contestId,
  contest: state.contest,
  records: new Map(state.records),
  position: state.position,
});

/** Folds events in order from a state (a checkpoint or `emptyReplay`); the given state is not changed. */
export function replayAll(state: ReplayedContest, events: Iterable<RecordedEvent>): ReplayedContest {
  const working: Working = { contest: state.contest, records: new Map(state.records), position: state.position };
  let changed = false;
  for (const event of events) {
    const before = working.position;
    step(state.contestId, working, event);
    changed ||= working.position !== before;
  }
  return changed ? { ...state, contest: working.contest, records: working.records, position: working.position } : state;
}

/** The contest after one more event (the same state when the event is not after its position). */
export const replayAfter = (state: ReplayedContest, event: RecordedEvent): ReplayedContest => replayAll(state, [event]);

/** Every user's row on one view, keyed by user id (users with no counted record have none, as in the tables). */
export function replayedRows(state: ReplayedContest, view: BoardView): Map<string, BoardRow> {
  const rows = new Map<string, BoardRow>();
  if (!state.contest) return rows;
  const byUser = new Map<string, ScoreboardRecord[]>();
  for (const record of state.records.values()) {
    byUser.set(record.userId, [...(byUser.get(record.userId) ?? []), record]);
  }
  for (const [userId, records] of byUser) {
    const row = boardRowOf(
      state.contest,
      records.map((record) => ({ ...record, status: recordStatusOf(record.status) })),
      view,
    );
    if (row) rows.set(userId, row);
  }
  return rows;
}

/**
 * Scrubbing: folded states kept every `every` events, so a board at any position starts from the nearest
 * checkpoint at or before it and folds at most `every` events. `events` is the contest's events in order.
 */
export interface ReplayCheckpoints {
  readonly events: readonly RecordedEvent[];
  readonly states: readonly ReplayedContest[];
  readonly every: number;
}

export function replayCheckpoints(contestId: number, events: readonly RecordedEvent[], every = 256): ReplayCheckpoints {
  const states: ReplayedContest[] = [emptyReplay(contestId)];
  const working: Working = { contest: null, records: new Map(), position: 0n };
  events.forEach((event, index) => {
    step(contestId, working, event);
    if ((index + 1) % every === 0) states.push(frozen(contestId, working));
  });
  return { events, states, every };
}

/** The contest as of `position` (events after it unseen). */
export function replayAt(checkpoints: ReplayCheckpoints, position: bigint): ReplayedContest {
  const { events, states, every } = checkpoints;
  const count = countUpTo(events, position);
  const index = Math.floor(count / every);
  const start = states[Math.min(index, states.length - 1)] as ReplayedContest;
  const from = Math.min(index, states.length - 1) * every;
  return replayAll(start, events.slice(from, count));
}

/** Position of the last event at or before an instant (by recorded time), 0n before the first. */
export function positionAt(events: readonly RecordedEvent[], instant: Date): bigint {
  let position = 0n;
  for (const event of events) {
    if (Date.parse(event.recordedAt) > instant.getTime()) break;
    position = event.position;
  }
  return position;
}

/** How many events have a position at or before `position` (binary search; events are in position order). */
function countUpTo(events: readonly RecordedEvent[], position: bigint): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((events[middle] as RecordedEvent).position <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Board order, as the query's SQL sorts the stored rows (board.queries.ts `boardOrder`: `rank_key` =
 * -(ac + totalScore), then time, then the first processed record); for readers of a replayed board
 * outside the query, such as the replay CLI.
 */
export const byBoardOrder = (a: BoardRow, b: BoardRow): number =>
  b.ac + b.totalScore - (a.ac + a.totalScore) ||
  a.totalTime - b.totalTime ||
  a.firstTime - b.firstTime ||
  a.firstSubmissionId - b.firstSubmissionId;

/** The name on each user's newest submission, as the tables store it. */
export function replayedUsernames(state: ReplayedContest): Map<string, string> {
  const newest = new Map<string, ScoreboardRecord>();
  for (const record of state.records.values()) {
    const held = newest.get(record.userId);
    if (!held || held.submissionId < record.submissionId) newest.set(record.userId, record);
  }
  return new Map([...newest].map(([userId, record]) => [userId, record.username]));
}
