import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@oj/read-models';
import type { ScoreboardTables } from '@oj/read-models/names';
import {
  boardRowOf,
  recordStatusOf,
  type BoardContest,
  type BoardRow,
  type BoardView,
  type ScoreboardRecord,
} from '@oj/events/folds';
import { recordOf, type HeldRow } from './scoreboard-record-rows';

/**
 * The one-verdict path (a live judge's result): two statements. The first reads the record's contest and all of
 * its user's records; the rows those records gave before and give after the change are both computed here (the
 * stored rows always equal `boardRowOf` of the stored records, as every path writes them so), so the second
 * statement writes only the difference: the record, the rows that changed (updated in place: a verdict that
 * moves no rank key is a HOT update, no index written), the rows that vanished, and the solved cells that
 * changed. Before, a verdict deleted and re-inserted the user's rows and every solved cell in a third statement.
 */

type Db = Kysely<Database>;

/** The contest's facts come with the named record's row only (null in the others: parsed once, not per record). */
type UserRecordRow = HeldRow & { board_contest: BoardContest | null };

export interface UserRecords {
  readonly contest: BoardContest;
  /** The record the event names. */
  readonly record: ScoreboardRecord;
  /** All of its user's records in this contest, that record included. */
  readonly records: readonly ScoreboardRecord[];
}

/** The user's row on each view from their records (none where no record counts), with the stored username. */
function rowsByView(contest: BoardContest, records: readonly ScoreboardRecord[], views: readonly BoardView[]) {
  const boardRecords = records.map((record) => ({ ...record, status: recordStatusOf(record.status) }));
  const newest = records.reduce<ScoreboardRecord | null>(
    (held, record) => (held && held.submissionId > record.submissionId ? held : record),
    null,
  );
  return new Map(
    views.flatMap((view) => {
      const row = boardRowOf(contest, boardRecords, view);
      return row ? [[view, { row, username: newest?.username ?? '' }] as const] : [];
    }),
  );
}

type ViewRows = ReturnType<typeof rowsByView>;

/** What changes between the rows before and after: rows to write, views whose row vanished, solved cells. */
function differenceOf(before: ViewRows, after: ViewRows) {
  const written = [...after].filter(([view, now]) => JSON.stringify(before.get(view)) !== JSON.stringify(now));
  const vanished = [...before.keys()].filter((view) => !after.has(view));
  const cellsOf = (rows: ViewRows) =>
    new Map([...rows].flatMap(([view, { row }]) => row.solved.map((cell) => [`${view}\n${cell.displayId}`, cell])));
  const [cellsBefore, cellsAfter] = [cellsOf(before), cellsOf(after)];
  const cellKey = (key: string) => {
    const [view = '', displayId = ''] = key.split('\n');
    return { view, displayId };
  };
  const goneCells = [...cellsBefore.keys()].filter((key) => !cellsAfter.has(key)).map(cellKey);
  const newCells = [...cellsAfter]
    .filter(([key, cell]) => cellsBefore.get(key)?.acTime !== cell.acTime)
    .map(([key, cell]) => ({ ...cellKey(key), acTime: cell.acTime }));
  return { written, vanished, goneCells, newCells };
}

export function userRewriteStatements(names: ScoreboardTables, views: readonly BoardView[]) {
  const table = (role: keyof ScoreboardTables) => sql.table(names[role]);

  /** The statement's parts for the rows and cells that changed (none when nothing did). */
  const rowWrites = (user: { contestId: number; userId: string }, change: ReturnType<typeof differenceOf>) => {
    const { contestId, userId } = user;
    const parts: RawBuilder<unknown>[] = [];
    if (change.vanished.length > 0) {
      parts.push(sql`DELETE FROM ${table('rows')} WHERE contest_id = ${contestId} AND user_id = ${userId}
        AND view = ANY(${change.vanished}::text[])`);
    }
    if (change.goneCells.length > 0) {
      parts.push(sql`DELETE FROM ${table('solved')} WHERE contest_id = ${contestId} AND user_id = ${userId}
        AND (view, display_id) IN (SELECT * FROM unnest(${change.goneCells.map((cell) => cell.view)}::text[],
          ${change.goneCells.map((cell) => cell.displayId)}::text[]))`);
    }
    if (change.newCells.length > 0) {
      const cells = change.newCells;
      parts.push(sql`INSERT INTO ${table('solved')} (contest_id, view, user_id, display_id, ac_time)
        SELECT ${contestId}, view, ${userId}, display_id, ac_time FROM unnest(${cells.map((cell) => cell.view)}::text[],
          ${cells.map((cell) => cell.displayId)}::text[], ${cells.map((cell) => cell.acTime)}::int[])
          AS given(view, display_id, ac_time)
        ON CONFLICT (contest_id, view, user_id, display_id) DO UPDATE SET ac_time = excluded.ac_time`);
    }
    for (const [view, { row, username }] of change.written) parts.push(rowUpsert(user, view, username, row));
    return parts;
  };

  /** One row written in place: an update keeps the row's index entries when its rank keys stay (HOT). */
  const rowUpsert = (user: { contestId: number; userId: string }, view: BoardView, username: string, row: BoardRow) =>
    sql`INSERT INTO ${table('rows')} (contest_id, view, user_id, username, ac, total_score, total_time, total,
        first_time, first_submission_id, submission_info, time_info)
      VALUES (${user.contestId}, ${view}, ${user.userId}, ${username}, ${row.ac}, ${row.totalScore},
        ${row.totalTime}, ${row.total}, ${row.firstTime}, ${row.firstSubmissionId},
        ${JSON.stringify(row.submissionInfo)}::jsonb, ${row.timeInfo ? JSON.stringify(row.timeInfo) : null}::jsonb)
      ON CONFLICT (contest_id, view, user_id) DO UPDATE SET username = excluded.username, ac = excluded.ac,
        total_score = excluded.total_score, total_time = excluded.total_time, total = excluded.total,
        first_time = excluded.first_time, first_submission_id = excluded.first_submission_id,
        submission_info = excluded.submission_info, time_info = excluded.time_info`;

  /** The record, its contest and all of its user's records, as one read (the contest's facts on one row only). */
  const userRecordsRead = (submissionId: number) => sql<UserRecordRow>`
    SELECT o.submission_id, o.contest_id, o.user_id, o.username, o.contest_problem_id, o.submitted_at,
      o.attempt, o.submission_status, o.score, o.use_time_ms, o.last_position,
      CASE WHEN o.submission_id = r.submission_id THEN c.board_contest END AS board_contest
    FROM ${table('records')} r JOIN ${table('contests')} c ON c.contest_id = r.contest_id
      JOIN ${table('records')} o ON o.contest_id = r.contest_id AND o.user_id = r.user_id
    WHERE r.submission_id = ${submissionId}`;

  return {
    /** `readUserRecords`'s statement, for the runner to send ahead (Projection.prefetch). */
    userRecordsRead,

    /**
     * The record, its contest and its user's records, or null when the board holds no such record: from the rows
     * of `userRecordsRead(submissionId)` the runner read ahead when given, else read now. (The commit is
     * asynchronous: the runner's lock makes every live batch's so, see lockProjection.)
     */
    async readUserRecords(db: Db, submissionId: number, readAhead?: readonly unknown[]): Promise<UserRecords | null> {
      const rows =
        (readAhead as readonly UserRecordRow[] | undefined) ?? (await userRecordsRead(submissionId).execute(db)).rows;
      const named = rows.find((row) => row.board_contest !== null && row.submission_id === submissionId);
      if (!named?.board_contest) return null;
      const records = rows.map(recordOf);
      const record = records.find((held) => held.submissionId === submissionId) as ScoreboardRecord;
      return { contest: named.board_contest, record, records };
    },

    /**
     * The record's new state and the rows and cells that changed with it, as one statement, returned unrun: the
     * one-event path hands it to the runner as its final write (writeLast), sent with the checkpoint and COMMIT.
     */
    rewriteUser(held: UserRecords, after: ScoreboardRecord) {
      const records = held.records.map((record) => (record.submissionId === after.submissionId ? after : record));
      const change = differenceOf(
        rowsByView(held.contest, held.records, views),
        rowsByView(held.contest, records, views),
      );
      const writes = rowWrites(after, change).map((part, index) => sql`${sql.raw(`w${index}`)} AS (${part})`);
      return sql`WITH ${sql.join(writes.length > 0 ? writes : [sql`w AS (SELECT 1)`])}
        UPDATE ${table('records')} SET attempt = ${after.attempt}, submission_status = ${after.status},
          score = ${after.score}, use_time_ms = ${after.useTimeMs}, last_position = ${after.lastPosition}
        WHERE submission_id = ${after.submissionId}`;
    },
  };
}
