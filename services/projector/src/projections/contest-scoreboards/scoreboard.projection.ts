import type { Kysely } from 'kysely';
import {
  contestEventSchemas,
  parseContestEvent,
  submissionChangesOf,
  submissionOutcomeEventTypes,
  type SubmissionChange,
  type SubmissionCreated,
  type ContestEvent,
  type ContestType,
  type RecordedEvent,
} from '@oj/events';
import type { Database } from '@oj/read-models';
import { liveTopics, scoreboardTableNames, scoreboardTables, type ScoreboardTablePrefix } from '@oj/read-models/names';
import { contestBoardAfter, movesRows, recordAfter, type BoardView, type ScoreboardRecord } from '@oj/events/folds';
import {
  writeLast,
  type ApplyContext,
  type BatchMode,
  type ChangeFilter,
  type Projection,
} from '../../runner/projection';
import { scoreboardStatements, type BoardUser, type ScoreboardStatements } from './scoreboard-tables';
import { unheldSubmissionsFilter } from '../unheld-submissions';

/**
 * A scoreboard as a projection (§2.7–2.10): one per contest type and per live/sealed. Each keeps its own copy
 * of the contest facts and records, and after any change recomputes the rows of the users it touched.
 * Live and sealed are two projections of the same events, so either can be rebuilt on its own.
 * The fold of one record is `scoreboard-records.ts`, the SQL `scoreboard-tables.ts`; this file orders them.
 */
export interface ScoreboardKind {
  readonly name: string;
  readonly tablePrefix: ScoreboardTablePrefix;
  readonly contestType: ContestType;
  readonly views: readonly BoardView[];
}

type Db = Kysely<Database>;

/** One board: what it is, and the statements over its tables. */
interface Scoreboard {
  readonly kind: ScoreboardKind;
  readonly board: ScoreboardStatements;
}

/** Whether a submission may get a record on a board: `recordAfter` makes none outside a contest problem. */
const mayHaveRecord = (created: SubmissionCreated): boolean =>
  created.contestId !== null && created.contestProblemId !== null;

/**
 * A board's change filter: a submission that can have no record here changes nothing here — one outside a contest
 * problem (a practice submission), or one in a contest of the other type, once the filter saw that contest created
 * (its type is fixed by ContestCreated, its stream's first event; a contest it did not see created may be this
 * board's, so its submissions are applied). Contest events are always applied. One entry per contest seen.
 */
function boardFilter(kind: ScoreboardKind): ChangeFilter {
  const contestTypes = new Map<number, ContestType>();
  const submissions = unheldSubmissionsFilter((created) => {
    if (!mayHaveRecord(created) || created.contestId === null) return false;
    return (contestTypes.get(created.contestId) ?? kind.contestType) === kind.contestType;
  });
  return {
    mayChange(event) {
      if (!event.stream.startsWith('contest-')) return submissions.mayChange(event);
      const parsed = event.type === 'ContestCreated' ? parseContestEvent(event) : null;
      if (parsed?.type === 'ContestCreated') contestTypes.set(parsed.data.contestId, parsed.data.type);
      return true;
    },
  };
}

const topicsOf = (contestIds: Iterable<number>): string[] => [...contestIds].map(liveTopics.contestScoreboard);

export function scoreboardProjection(kind: ScoreboardKind): Projection {
  const tables = scoreboardTables(kind.tablePrefix);
  const board = scoreboardStatements(tables, kind.views);
  const scoreboard: Scoreboard = { kind, board };

  const contestEventOf = (event: RecordedEvent) =>
    event.stream.startsWith('contest-') ? parseContestEvent(event) : null;

  const apply = async (event: RecordedEvent, transaction: Db, context?: ApplyContext): Promise<readonly string[]> => {
    const contestEvent = contestEventOf(event);
    if (contestEvent) {
      const changed = await applyContestEvent(scoreboard, transaction, event, contestEvent);
      return changed ? topicsOf([contestEvent.data.contestId]) : [];
    }
    // One event may carry several submissions' changes (an applied staged rejudge): each moves its record. Only
    // the last change's write may be handed to the runner: the ones before it are read by those after.
    const changedContests = new Set<number>();
    const changes = submissionChangesOf(event);
    for (const [index, change] of changes.entries()) {
      const last = index === changes.length - 1 ? context : undefined;
      const changedContest = await applySubmissionEvent(scoreboard, transaction, event, change, last);
      if (changedContest !== null) changedContests.add(changedContest);
    }
    return topicsOf(changedContests);
  };

  return {
    name: kind.name,
    tables: scoreboardTableNames(tables),
    // A record counts only once judged (recordStatusOf): the judge's progress moves nothing here.
    eventTypes: [...Object.keys(contestEventSchemas), ...submissionOutcomeEventTypes],
    apply,
    async applyBatch(events, transaction, mode = 'live', context) {
      // A single live event takes the one-by-one path: fewer round trips than the bulk statements, its last write
      // handed to the runner to send with the checkpoint and COMMIT.
      if (mode === 'live' && events.length === 1 && events[0]) return apply(events[0], transaction, context);
      const changedContests = new Set<number>();
      let submissions: RecordedEvent[] = [];
      const flushSubmissions = async () => {
        for (const contestId of await applySubmissionEvents(scoreboard, transaction, submissions, mode)) {
          changedContests.add(contestId);
        }
        submissions = [];
      };
      for (const event of events) {
        const contestEvent = contestEventOf(event);
        if (!contestEvent) {
          submissions.push(event);
          continue;
        }
        await flushSubmissions();
        if (await applyContestEvent(scoreboard, transaction, event, contestEvent, mode)) {
          changedContests.add(contestEvent.data.contestId);
        }
      }
      await flushSubmissions();
      return topicsOf(changedContests);
    },
    /** A verdict's (or any one change's) first read: its record with its user's records and the contest. */
    prefetch(event) {
      if (contestEventOf(event)) return null;
      const [change, ...others] = submissionChangesOf(event);
      if (!change || others.length > 0 || change.type === 'SubmissionCreated') return null;
      return board.userRecordsRead(change.data.submissionId);
    },
    /** Practice submissions (most are) and the other type's contests go by without a batch. */
    changeFilter: () => boardFilter(kind),
    /** After a replay: every row from the final contest facts and records (rows depend on nothing else). */
    async settle(transaction) {
      for (const row of await board.readAllContests(transaction)) {
        await board.recomputeContest(transaction, row.board_contest, row.contest_id);
      }
    },
  };
}

/**
 * `mode` replay leaves the rows to `settle`. Returns whether readers must hear of it: the live rows changed
 * (never during a replay, which writes tables no reader sees yet).
 */
async function applyContestEvent(
  { kind, board }: Scoreboard,
  db: Db,
  event: RecordedEvent,
  parsed: ContestEvent,
  mode: BatchMode = 'live',
): Promise<boolean> {
  const contestId = parsed.data.contestId;
  const current = await board.readContest(db, contestId);
  if (current && BigInt(current.last_position) >= event.position) return false;
  // Records and rows exist only under a kept contest: another type's contest has nothing here to change.
  if (!current && parsed.type !== 'ContestCreated') return false;
  if (parsed.type === 'ContestDeleted') {
    await board.deleteContest(db, contestId);
    return mode === 'live';
  }
  if (parsed.type === 'ContestCreated' && parsed.data.type !== kind.contestType) return false;
  const next = contestBoardAfter(current?.board_contest ?? null, parsed);
  if (!next) return false;
  await board.writeContest(db, contestId, next, event.position);
  if (mode === 'live' && current && JSON.stringify(current.board_contest) !== JSON.stringify(next)) {
    await board.recomputeContest(db, next, contestId);
    return true;
  }
  return false;
}

/**
 * One submission event: returns the contest whose rows changed, if any. Its one write is its last statement, so
 * with a `context` it goes to the runner (writeLast), and its one read is what `prefetch` names, which the runner
 * sends with BEGIN: a verdict is two round trips, the read with the lock and the write with the commit.
 */
async function applySubmissionEvent(
  { board }: Scoreboard,
  db: Db,
  event: RecordedEvent,
  parsed: SubmissionChange,
  context: ApplyContext | undefined,
): Promise<number | null> {
  if (parsed.type === 'SubmissionCreated') {
    // `null` for the held record: the insert's own guard skips a record already held or a contest not kept.
    const created = recordAfter(null, parsed, event.position);
    if (created) await writeLast(db, context, board.insertRecordIfKept(created));
    return null;
  }
  const held = await board.readUserRecords(db, parsed.data.submissionId, context?.prefetched(event));
  const after = held && recordAfter(held.record, parsed, event.position);
  if (!held || !after) return null;
  if (!movesRows(held.record, after)) {
    await writeLast(db, context, board.updateRecord(after));
    return null;
  }
  await writeLast(db, context, board.rewriteUser(held, after));
  return after.contestId;
}

/**
 * Submission events of a batch (no contest event among them, so the contest facts hold still): read the
 * records they name, fold them with `recordAfter` in memory, write the changed records in one statement,
 * and recompute each touched user once. Returns the contests whose rows changed. `mode` replay writes the
 * records only and leaves the rows to `settle`.
 */
async function applySubmissionEvents(
  { board }: Scoreboard,
  db: Db,
  events: readonly RecordedEvent[],
  mode: BatchMode,
): Promise<Set<number>> {
  const steps = events.flatMap((event) =>
    submissionChangesOf(event).map((parsed) => ({ position: event.position, parsed })),
  );
  const changedContests = new Set<number>();
  if (steps.length === 0) return changedContests;
  const submissionIds = [...new Set(steps.map(({ parsed }) => parsed.data.submissionId))];
  const held = new Map((await board.readRecords(db, submissionIds)).map((record) => [record.submissionId, record]));
  const createdIn = steps.flatMap(({ parsed }) =>
    parsed.type === 'SubmissionCreated' && parsed.data.contestId !== null ? [parsed.data.contestId] : [],
  );
  const contests = await board.readContests(db, [
    ...new Set([...createdIn, ...[...held.values()].map((record) => record.contestId)]),
  ]);
  const changed = new Map<number, ScoreboardRecord>();
  const touched = new Map<string, BoardUser>();
  for (const { position, parsed } of steps) {
    const before = held.get(parsed.data.submissionId) ?? null;
    const after = recordAfter(before, parsed, position);
    if (!after || !contests.has(after.contestId)) continue;
    held.set(after.submissionId, after);
    changed.set(after.submissionId, after);
    if (movesRows(before, after)) {
      touched.set(`${after.contestId}:${after.userId}`, { contestId: after.contestId, userId: after.userId });
      changedContests.add(after.contestId);
    }
  }
  await board.upsertRecords(db, [...changed.values()]);
  if (mode === 'replay') return new Set<number>();
  await board.recomputeUsers(db, contests, [...touched.values()]);
  return changedContests;
}
