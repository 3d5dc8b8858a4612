import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { ScoreboardTables } from '@oj/read-models/names';
import { recordOf, type HeldRow, type StoredRecord } from './scoreboard-record-rows';
import { userRewriteStatements } from './scoreboard-user-rewrite';
import {
  boardRowOf,
  recordStatusOf,
  type BoardContest,
  type BoardRecord,
  type BoardRow,
  type BoardView,
  type ScoreboardRecord,
} from '@oj/events/folds';

/**
 * The SQL of one board over its four tables (contests, records, rows, solved): what `scoreboard.projection.ts`
 * reads and writes, in as few round trips as the one-event path and the batch path each allow.
 */

type Db = Kysely<Database>;

export interface BoardUser {
  readonly contestId: number;
  readonly userId: string;
}

interface UserRow extends BoardUser {
  readonly username: string;
  readonly view: BoardView;
  readonly row: BoardRow;
}

/** Users recomputed per statement when a whole contest is: bounds the records held in memory. */
const usersPerRecompute = 2000;

const recordColumnList =
  'submission_id, contest_problem_id, submitted_at, submission_status, score, use_time_ms, username';
const recordColumns = sql.raw(recordColumnList);
const heldColumns = sql.raw(`contest_id, user_id, attempt, last_position, ${recordColumnList}`);

export type ScoreboardStatements = ReturnType<typeof scoreboardStatements>;

/** The statements over one board's tables, with the views its rows are computed for. */
export function scoreboardStatements(names: ScoreboardTables, views: readonly BoardView[]) {
  return {
    tableNames: names,
    ...recordStatements(names),
    ...rowStatements(names, views),
    ...userRewriteStatements(names, views),
  };
}

/** The contest facts and the records: what the fold reads and writes. */
const recordStatements = (names: ScoreboardTables) => ({
  ...contestFactStatements(names),
  ...recordReads(names),
  ...recordWrites(names),
});

/** The contest facts a board keeps (one row per contest) and a contest's removal from every table. */
function contestFactStatements(names: ScoreboardTables) {
  const table = (role: keyof ScoreboardTables) => sql.table(names[role]);
  return {
    async readContest(db: Db, contestId: number) {
      const { rows } = await sql<{ board_contest: BoardContest; last_position: string }>`
        SELECT board_contest, last_position FROM ${table('contests')} WHERE contest_id = ${contestId}`.execute(db);
      return rows[0] ?? null;
    },

    async readContests(db: Db, contestIds: readonly number[]): Promise<Map<number, BoardContest>> {
      const { rows } = await sql<{ contest_id: number; board_contest: BoardContest }>`
        SELECT contest_id, board_contest FROM ${table('contests')}
        WHERE contest_id = ANY(${[...contestIds]}::int[])`.execute(db);
      return new Map(rows.map((row) => [row.contest_id, row.board_contest]));
    },

    async readAllContests(db: Db) {
      const { rows } = await sql<{ contest_id: number; board_contest: BoardContest }>`
        SELECT contest_id, board_contest FROM ${table('contests')}`.execute(db);
      return rows;
    },

    async writeContest(db: Db, contestId: number, contest: BoardContest, position: bigint) {
      await sql`INSERT INTO ${table('contests')} (contest_id, board_contest, last_position)
        VALUES (${contestId}, ${JSON.stringify(contest)}, ${position})
        ON CONFLICT (contest_id) DO UPDATE SET board_contest = excluded.board_contest,
          last_position = excluded.last_position`.execute(db);
    },

    async deleteContest(db: Db, contestId: number) {
      for (const role of ['contests', 'records', 'rows', 'solved'] as const) {
        await sql`DELETE FROM ${table(role)} WHERE contest_id = ${contestId}`.execute(db);
      }
    },
  };
}

function recordReads(names: ScoreboardTables) {
  return {
    async readRecords(db: Db, submissionIds: readonly number[]): Promise<ScoreboardRecord[]> {
      const { rows } = await sql<HeldRow>`
        SELECT ${heldColumns} FROM ${sql.table(names.records)}
        WHERE submission_id = ANY(${[...submissionIds]}::int[])`.execute(db);
      return rows.map(recordOf);
    },
  };
}

function recordWrites(names: ScoreboardTables) {
  const table = (role: keyof ScoreboardTables) => sql.table(names[role]);
  return {
    /**
     * A new record, kept only when its contest is on this board and the record is not held yet: the guard
     * `recordAfter`'s caller checks in memory on the batch path, written as SQL so it costs one round trip.
     * Returned unrun: the one-event path hands it to the runner as its final write (writeLast).
     */
    insertRecordIfKept(record: ScoreboardRecord) {
      return sql`INSERT INTO ${table('records')} (submission_id, contest_id, user_id, username, contest_problem_id,
          submitted_at, attempt, submission_status, score, use_time_ms, last_position)
        SELECT ${record.submissionId}, ${record.contestId}, ${record.userId}, ${record.username},
          ${record.contestProblemId}, ${record.submittedAt}::timestamptz, ${record.attempt}, ${record.status},
          ${record.score}, ${record.useTimeMs}, ${record.lastPosition}
        WHERE EXISTS (SELECT 1 FROM ${table('contests')} WHERE contest_id = ${record.contestId})
        ON CONFLICT (submission_id) DO NOTHING`;
    },

    /** A record's step that moves no row (a pending record's progress); returned unrun, as insertRecordIfKept. */
    updateRecord(record: ScoreboardRecord) {
      return sql`UPDATE ${table('records')} SET attempt = ${record.attempt}, submission_status = ${record.status},
          score = ${record.score}, use_time_ms = ${record.useTimeMs}, last_position = ${record.lastPosition}
        WHERE submission_id = ${record.submissionId}`;
    },

    /** Many records in one statement (the batch path's writes). */
    async upsertRecords(db: Db, records: readonly ScoreboardRecord[]) {
      if (records.length === 0) return;
      const column = <Value>(pick: (record: ScoreboardRecord) => Value) => records.map(pick);
      await sql`INSERT INTO ${table('records')} (submission_id, contest_id, user_id, username, contest_problem_id,
          submitted_at, attempt, submission_status, score, use_time_ms, last_position)
        SELECT * FROM unnest(${column((r) => r.submissionId)}::int[], ${column((r) => r.contestId)}::int[],
          ${column((r) => r.userId)}::text[], ${column((r) => r.username)}::text[],
          ${column((r) => r.contestProblemId)}::int[], ${column((r) => r.submittedAt)}::timestamptz[],
          ${column((r) => r.attempt)}::int[], ${column((r) => r.status)}::text[],
          ${column((r) => r.score)}::int[], ${column((r) => r.useTimeMs)}::int[],
          ${column((r) => r.lastPosition.toString())}::bigint[])
        ON CONFLICT (submission_id) DO UPDATE SET attempt = excluded.attempt,
          submission_status = excluded.submission_status, score = excluded.score, use_time_ms = excluded.use_time_ms,
          last_position = excluded.last_position`.execute(db);
    },
  };
}

/** The rows (and solved cells) recomputed from the records after a change. */
function rowStatements(names: ScoreboardTables, views: readonly BoardView[]) {
  const table = (role: keyof ScoreboardTables) => sql.table(names[role]);

  /** Some users' rows (and solved cells) on the views: every key column of the primary keys, so an index probe. */
  const userRowsOf = (contestId: number, userIds: readonly string[]) =>
    sql`contest_id = ${contestId} AND view = ANY(${[...views]}::text[]) AND user_id = ANY(${[...userIds]}::text[])`;

  /** The user's row on each view (none where no record counts). */
  const rowsOf = (contest: BoardContest, user: BoardUser, records: readonly StoredRecord[]): UserRow[] => {
    const boardRecords = records.map(boardRecordOf);
    return views.flatMap((view) => {
      const row = boardRowOf(contest, boardRecords, view);
      return row ? [{ ...user, username: latestUsername(records), view, row }] : [];
    });
  };

  const insertRows = (db: Db, rows: readonly UserRow[]) => insertRowsAndCells(names, db, rows);

  /**
   * Many users at once (a batch, or every user of a contest): per contest, clear and read in one round trip,
   * then insert. Keyed by contest and a user array so every statement probes the indexes (a join against a
   * list of pairs sorts whole tables).
   */
  const recomputeUsers = async (db: Db, contests: ReadonlyMap<number, BoardContest>, users: readonly BoardUser[]) => {
    const rows: UserRow[] = [];
    for (const [contestId, userIds] of groupBy(
      users,
      (user) => user.contestId,
      (user) => user.userId,
    )) {
      const contest = contests.get(contestId);
      if (!contest) continue;
      const { rows: records } = await sql<StoredRecord & { user_id: string }>`
        WITH cleared_rows AS (DELETE FROM ${table('rows')} WHERE ${userRowsOf(contestId, userIds)}),
          cleared_solved AS (DELETE FROM ${table('solved')} WHERE ${userRowsOf(contestId, userIds)})
        SELECT user_id, ${recordColumns} FROM ${table('records')}
        WHERE contest_id = ${contestId} AND user_id = ANY(${userIds}::text[])`.execute(db);
      for (const [userId, userRecords] of groupBy(
        records,
        (record) => record.user_id,
        (record) => record,
      )) {
        rows.push(...rowsOf(contest, { contestId, userId }, userRecords));
      }
    }
    await insertRows(db, rows);
  };

  return {
    recomputeUsers,

    /** Every user of a contest, a slice at a time (a slice's records are held in memory). */
    async recomputeContest(db: Db, contest: BoardContest, contestId: number) {
      const { rows } = await sql<{ user_id: string }>`
        SELECT DISTINCT user_id FROM ${table('records')} WHERE contest_id = ${contestId}`.execute(db);
      const users = rows.map((row) => ({ contestId, userId: row.user_id }));
      for (let start = 0; start < users.length; start += usersPerRecompute) {
        await recomputeUsers(db, new Map([[contestId, contest]]), users.slice(start, start + usersPerRecompute));
      }
    },
  };
}

/** Rows and their solved cells: one statement whatever the number of rows, the columns as arrays. */
async function insertRowsAndCells(names: ScoreboardTables, db: Db, rows: readonly UserRow[]) {
  const table = (role: keyof ScoreboardTables) => sql.table(names[role]);
  if (rows.length === 0) return;
  const column = <Value>(pick: (row: UserRow) => Value) => rows.map(pick);
  const solved = rows.flatMap((row) => row.row.solved.map((cell) => ({ ...row, ...cell })));
  await sql`WITH inserted_rows AS (INSERT INTO ${table('rows')} (contest_id, view, user_id, username, ac,
        total_score, total_time, total, first_time, first_submission_id, submission_info, time_info)
      SELECT contest_id, view, user_id, username, ac, total_score, total_time, total, first_time,
        first_submission_id, submission_info::jsonb, time_info::jsonb
      FROM unnest(${column((r) => r.contestId)}::int[], ${column((r) => r.view)}::text[],
        ${column((r) => r.userId)}::text[], ${column((r) => r.username)}::text[], ${column((r) => r.row.ac)}::int[],
        ${column((r) => r.row.totalScore)}::int[], ${column((r) => r.row.totalTime)}::bigint[],
        ${column((r) => r.row.total)}::int[], ${column((r) => r.row.firstTime)}::int[],
        ${column((r) => r.row.firstSubmissionId)}::int[],
        ${column((r) => JSON.stringify(r.row.submissionInfo))}::text[],
        ${column((r) => (r.row.timeInfo ? JSON.stringify(r.row.timeInfo) : null))}::text[])
        AS given(contest_id, view, user_id, username, ac, total_score, total_time, total, first_time,
          first_submission_id, submission_info, time_info))
    INSERT INTO ${table('solved')} (contest_id, view, user_id, display_id, ac_time)
    SELECT * FROM unnest(${solved.map((cell) => cell.contestId)}::int[], ${solved.map((cell) => cell.view)}::text[],
      ${solved.map((cell) => cell.userId)}::text[], ${solved.map((cell) => cell.displayId)}::text[],
      ${solved.map((cell) => cell.acTime)}::int[])`.execute(db);
}

function groupBy<Item, Key, Value>(
  items: readonly Item[],
  keyOf: (item: Item) => Key,
  valueOf: (item: Item) => Value,
): Map<Key, Value[]> {
  const groups = new Map<Key, Value[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item)) ?? [];
    group.push(valueOf(item));
    groups.set(keyOf(item), group);
  }
  return groups;
}

const boardRecordOf = (record: StoredRecord): BoardRecord => ({
  submissionId: record.submission_id,
  contestProblemId: record.contest_problem_id,
  submittedAt: record.submitted_at.toISOString(),
  status: recordStatusOf(record.submission_status),
  score: record.score,
  useTimeMs: record.use_time_ms,
});

/** The name on the user's newest submission, so both paths (and a rebuild) store the same one. */
const latestUsername = (records: readonly StoredRecord[]): string =>
  records.reduce<StoredRecord | null>(
    (latest, record) => (latest && latest.submission_id > record.submission_id ? latest : record),
    null,
  )?.username ?? '';
