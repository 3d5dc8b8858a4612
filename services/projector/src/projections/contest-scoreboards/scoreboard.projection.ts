import { sql, type Kysely } from 'kysely';
import {
  contestEventSchemas,
  parseContestEvent,
  parseSubmissionEvent,
  submissionEventSchemas,
  submissionStatusAfter,
  type ContestEvent,
  type ContestType,
  type RecordedEvent,
  type SubmissionStatus,
} from '@oj/events';
import type { Database } from '@oj/read-models';
import { readModelChangedChannel, readModelChangePayloads } from '@oj/platform';
import type { BatchMode, Projection } from '../../runner/projection';
import {
  boardRowOf,
  recordStatusOf,
  type BoardContest,
  type BoardRecord,
  type BoardRow,
  type BoardView,
} from './scoreboard-rows';
import { contestBoardAfter } from './board-contest';

/**
 * A scoreboard as a projection (§2.7–2.10): one per contest type and per live/sealed. Each keeps its own copy
 * of the contest facts and records, and after any change recomputes the rows of the users it touched.
 * Live and sealed are two projections of the same events, so either can be rebuilt on its own.
 */
export interface ScoreboardKind {
  readonly name: string;
  readonly tablePrefix: string;
  readonly contestType: ContestType;
  readonly views: readonly BoardView[];
}

/** The live topic of a contest's boards (mirrored in the query service's contracts). */
export const contestScoreboardTopic = (contestId: number): string => `contest-scoreboard:${contestId}`;

type Db = Kysely<Database>;

/** Users recomputed per statement when a whole contest is: bounds the records held in memory. */
const usersPerRecompute = 2000;

export function scoreboardProjection(kind: ScoreboardKind): Projection {
  const table = (suffix: 'contests' | 'records' | 'rows' | 'solved') => sql.table(`${kind.tablePrefix}_${suffix}`);
  const recordColumns = sql.raw(
    'submission_id, contest_problem_id, submitted_at, submission_status, score, use_time_ms, username',
  );
  /** A record's new status, applied inside the recompute statement (whose reads see the old row otherwise). */
  const updateStatement = (update: RecordUpdate) =>
    sql`UPDATE ${table('records')} SET attempt = ${update.attempt}, submission_status = ${update.status},
        score = ${update.score}, use_time_ms = ${update.useTimeMs}, last_position = ${update.position}
      WHERE submission_id = ${update.submissionId} RETURNING ${recordColumns}`;

  const readContest = async (db: Db, contestId: number) => {
    const { rows } = await sql<{ board_contest: BoardContest; last_position: string }>`
      SELECT board_contest, last_position FROM ${table('contests')} WHERE contest_id = ${contestId}`.execute(db);
    return rows[0] ?? null;
  };

  /** Some users' rows (and solved cells) on the kind's views: every key column of the primary keys, so an index probe. */
  const userRowsOf = (contestId: number, userIds: readonly string[]) =>
    sql`contest_id = ${contestId} AND view = ANY(${[...kind.views]}::text[]) AND user_id = ANY(${[...userIds]}::text[])`;

  /** The user's row on each of the kind's views (none where no record counts). */
  const rowsOf = (contest: BoardContest, user: BoardUser, records: readonly StoredRecord[]): UserRow[] => {
    const boardRecords = records.map(boardRecordOf);
    return kind.views.flatMap((view) => {
      const row = boardRowOf(contest, boardRecords, view);
      return row ? [{ ...user, username: latestUsername(records), view, row }] : [];
    });
  };

  /** One statement whatever the number of rows: both tables, the columns as arrays. */
  const insertRows = async (db: Db, rows: readonly UserRow[]) => {
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
  };

  /** One user after one record update: clear the rows while reading the records (one round trip), then insert. */
  const recompute = async (
    db: Db,
    contest: BoardContest,
    contestId: number,
    userId: string,
    update: RecordUpdate | null = null,
  ) => {
    const { rows: records } = await sql<StoredRecord>`
      WITH cleared_rows AS (DELETE FROM ${table('rows')} WHERE ${userRowsOf(contestId, [userId])}),
        cleared_solved AS (DELETE FROM ${table('solved')} WHERE ${userRowsOf(contestId, [userId])}),
        updated AS (${update ? updateStatement(update) : sql`SELECT ${recordColumns} FROM ${table('records')} WHERE false`})
      SELECT ${recordColumns} FROM ${table('records')}
      WHERE contest_id = ${contestId} AND user_id = ${userId} AND submission_id <> ${update?.submissionId ?? 0}
      UNION ALL SELECT ${recordColumns} FROM updated`.execute(db);
    await insertRows(db, rowsOf(contest, { contestId, userId }, records));
  };

  /**
   * Many users at once (a batch, or every user of a contest): per contest, clear and read in one round trip,
   * then insert. Keyed by contest and a user array so every statement probes the indexes (a join against a
   * list of pairs sorts whole tables).
   */
  const recomputeUsers = async (db: Db, contests: ReadonlyMap<number, BoardContest>, users: readonly BoardUser[]) => {
    const usersByContest = new Map<number, string[]>();
    for (const user of users) {
      const userIds = usersByContest.get(user.contestId) ?? [];
      userIds.push(user.userId);
      usersByContest.set(user.contestId, userIds);
    }
    const rows: UserRow[] = [];
    for (const [contestId, userIds] of usersByContest) {
      const contest = contests.get(contestId);
      if (!contest) continue;
      const { rows: records } = await sql<StoredRecord & { user_id: string }>`
        WITH cleared_rows AS (DELETE FROM ${table('rows')} WHERE ${userRowsOf(contestId, userIds)}),
          cleared_solved AS (DELETE FROM ${table('solved')} WHERE ${userRowsOf(contestId, userIds)})
        SELECT user_id, ${recordColumns} FROM ${table('records')}
        WHERE contest_id = ${contestId} AND user_id = ANY(${userIds}::text[])`.execute(db);
      const byUser = new Map<string, StoredRecord[]>();
      for (const record of records) {
        const userRecords = byUser.get(record.user_id) ?? [];
        userRecords.push(record);
        byUser.set(record.user_id, userRecords);
      }
      for (const [userId, userRecords] of byUser) rows.push(...rowsOf(contest, { contestId, userId }, userRecords));
    }
    await insertRows(db, rows);
  };

  /** Every user of a contest, a slice at a time (a slice's records are held in memory). */
  const recomputeContest = async (db: Db, contest: BoardContest, contestId: number) => {
    const { rows } = await sql<{ user_id: string }>`
      SELECT DISTINCT user_id FROM ${table('records')} WHERE contest_id = ${contestId}`.execute(db);
    const users = rows.map((row) => ({ contestId, userId: row.user_id }));
    for (let start = 0; start < users.length; start += usersPerRecompute) {
      await recomputeUsers(db, new Map([[contestId, contest]]), users.slice(start, start + usersPerRecompute));
    }
  };

  /**
   * `mode` replay leaves the rows to `settle`. Returns whether readers must hear of it: the live rows changed
   * (never during a replay, which writes tables no reader sees yet).
   */
  const applyContestEvent = async (
    db: Db,
    event: RecordedEvent,
    parsed: ContestEvent,
    mode: BatchMode = 'live',
  ): Promise<boolean> => {
    const contestId = parsed.data.contestId;
    const current = await readContest(db, contestId);
    if (current && BigInt(current.last_position) >= event.position) return false;
    // Records and rows exist only under a kept contest: another type's contest has nothing here to change.
    if (!current && parsed.type !== 'ContestCreated') return false;
    if (parsed.type === 'ContestDeleted') {
      for (const suffix of ['contests', 'records', 'rows', 'solved'] as const) {
        await sql`DELETE FROM ${table(suffix)} WHERE contest_id = ${contestId}`.execute(db);
      }
      return mode === 'live';
    }
    if (parsed.type === 'ContestCreated' && parsed.data.type !== kind.contestType) return false;
    const next = contestBoardAfter(current?.board_contest ?? null, parsed);
    if (!next) return false;
    await sql`INSERT INTO ${table('contests')} (contest_id, board_contest, last_position)
      VALUES (${contestId}, ${JSON.stringify(next)}, ${event.position})
      ON CONFLICT (contest_id) DO UPDATE SET board_contest = excluded.board_contest,
        last_position = excluded.last_position`.execute(db);
    if (mode === 'live' && current && JSON.stringify(current.board_contest) !== JSON.stringify(next)) {
      await recomputeContest(db, next, contestId);
      return true;
    }
    return false;
  };

  const applySubmissionEvent = async (db: Db, event: RecordedEvent): Promise<number | null> => {
    const parsed = parseSubmissionEvent(event);
    if (!parsed) return null;
    if (parsed.type === 'SubmissionCreated') {
      const data = parsed.data;
      if (data.contestId === null || data.contestProblemId === null) return null;
      // Pending records count nowhere (§0), so no row changes yet; contests of the other type are not kept.
      await sql`INSERT INTO ${table('records')} (submission_id, contest_id, user_id, username, contest_problem_id,
          submitted_at, attempt, submission_status, score, use_time_ms, last_position)
        SELECT ${data.submissionId}, ${data.contestId}, ${data.userId}, ${data.username}, ${data.contestProblemId},
          ${data.submittedAt}::timestamptz, 0, 'Pending', NULL, NULL, ${event.position}
        WHERE EXISTS (SELECT 1 FROM ${table('contests')} WHERE contest_id = ${data.contestId})
        ON CONFLICT (submission_id) DO NOTHING`.execute(db);
      return null;
    }
    const { rows } = await sql<{
      contest_id: number;
      user_id: string;
      attempt: number;
      submission_status: string;
      last_position: string;
      board_contest: BoardContest;
    }>`SELECT r.contest_id, r.user_id, r.attempt, r.submission_status, r.last_position, c.board_contest
      FROM ${table('records')} r JOIN ${table('contests')} c ON c.contest_id = r.contest_id
      WHERE r.submission_id = ${parsed.data.submissionId}`.execute(db);
    const record = rows[0];
    if (!record || BigInt(record.last_position) >= event.position) return null;
    const cursor = { attempt: record.attempt, status: record.submission_status as SubmissionStatus };
    const next = submissionStatusAfter(cursor, parsed);
    if (!next) return null;
    const update: RecordUpdate = {
      submissionId: parsed.data.submissionId,
      attempt: next.attempt,
      status: next.status,
      position: event.position,
      ...resultOf(parsed),
    };
    if (recordStatusOf(cursor.status) === null && recordStatusOf(next.status) === null) {
      await sql`${updateStatement(update)}`.execute(db);
      return null;
    }
    await recompute(db, record.board_contest, record.contest_id, record.user_id, update);
    return record.contest_id;
  };

  /**
   * Submission events of a batch (no contest event among them, so the contest facts hold still): read the
   * records they name, fold the events over them in memory exactly as `applySubmissionEvent` would one by one,
   * write the changed records in one statement, and recompute each touched user once.
   * Returns each changed contest with the position of the last event that changed it. `mode` replay writes
   * the records only and leaves the rows to `settle`.
   */
  const applySubmissionEvents = async (
    db: Db,
    events: readonly RecordedEvent[],
    mode: BatchMode,
  ): Promise<Map<number, bigint>> => {
    const parsedEvents = events.flatMap((event) => {
      const parsed = parseSubmissionEvent(event);
      return parsed ? [{ event, parsed }] : [];
    });
    const changedContests = new Map<number, bigint>();
    if (parsedEvents.length === 0) return changedContests;
    const submissionIds = [...new Set(parsedEvents.map(({ parsed }) => parsed.data.submissionId))];
    const { rows: stored } = await sql<StoredRecord & BoardUser & HeldState>`
      SELECT contest_id AS "contestId", user_id AS "userId", attempt, last_position, ${recordColumns}
      FROM ${table('records')} WHERE submission_id = ANY(${submissionIds}::int[])`.execute(db);
    const createdIn = parsedEvents.flatMap(({ parsed }) =>
      parsed.type === 'SubmissionCreated' && parsed.data.contestId !== null ? [parsed.data.contestId] : [],
    );
    const contestIds = [...new Set([...createdIn, ...stored.map((record) => record.contestId)])];
    const { rows: contestRows } = await sql<{ contest_id: number; board_contest: BoardContest }>`
      SELECT contest_id, board_contest FROM ${table('contests')} WHERE contest_id = ANY(${contestIds}::int[])`.execute(
      db,
    );
    const contests = new Map(contestRows.map((row) => [row.contest_id, row.board_contest]));
    const held = new Map(stored.map((record) => [record.submission_id, { ...record }]));
    const changed = new Set<number>();
    const touched = new Map<string, BoardUser>();
    for (const { event, parsed } of parsedEvents) {
      if (parsed.type === 'SubmissionCreated') {
        const data = parsed.data;
        if (data.contestId === null || data.contestProblemId === null) continue;
        if (held.has(data.submissionId) || !contests.has(data.contestId)) continue;
        held.set(data.submissionId, {
          submission_id: data.submissionId,
          contestId: data.contestId,
          userId: data.userId,
          username: data.username,
          contest_problem_id: data.contestProblemId,
          submitted_at: new Date(data.submittedAt),
          attempt: 0,
          submission_status: 'Pending',
          score: null,
          use_time_ms: null,
          last_position: event.position.toString(),
        });
        changed.add(data.submissionId);
        continue;
      }
      const record = held.get(parsed.data.submissionId);
      if (!record || !contests.has(record.contestId) || BigInt(record.last_position) >= event.position) continue;
      const next = submissionStatusAfter(
        { attempt: record.attempt, status: record.submission_status as SubmissionStatus },
        parsed,
      );
      if (!next) continue;
      const wasCounted = recordStatusOf(record.submission_status) !== null;
      const result = resultOf(parsed);
      Object.assign(record, {
        attempt: next.attempt,
        submission_status: next.status,
        score: result.score,
        use_time_ms: result.useTimeMs,
        last_position: event.position.toString(),
      });
      changed.add(record.submission_id);
      if (wasCounted || recordStatusOf(next.status) !== null) {
        touched.set(userKey(record), { contestId: record.contestId, userId: record.userId });
        changedContests.set(record.contestId, event.position);
      }
    }
    const writes = [...changed].flatMap((submissionId) => {
      const record = held.get(submissionId);
      return record ? [record] : [];
    });
    if (writes.length > 0) {
      const column = <Value>(pick: (record: (typeof writes)[number]) => Value) => writes.map(pick);
      await sql`INSERT INTO ${table('records')} (submission_id, contest_id, user_id, username, contest_problem_id,
          submitted_at, attempt, submission_status, score, use_time_ms, last_position)
        SELECT * FROM unnest(${column((r) => r.submission_id)}::int[], ${column((r) => r.contestId)}::int[],
          ${column((r) => r.userId)}::text[], ${column((r) => r.username)}::text[],
          ${column((r) => r.contest_problem_id)}::int[], ${column((r) => r.submitted_at.toISOString())}::timestamptz[],
          ${column((r) => r.attempt)}::int[], ${column((r) => r.submission_status)}::text[],
          ${column((r) => r.score)}::int[], ${column((r) => r.use_time_ms)}::int[],
          ${column((r) => r.last_position)}::bigint[])
        ON CONFLICT (submission_id) DO UPDATE SET attempt = excluded.attempt,
          submission_status = excluded.submission_status, score = excluded.score, use_time_ms = excluded.use_time_ms,
          last_position = excluded.last_position`.execute(db);
    }
    if (mode === 'replay') return new Map();
    await recomputeUsers(db, contests, [...touched.values()]);
    return changedContests;
  };

  const notify = async (db: Db, position: bigint, contestId: number) => {
    for (const payload of readModelChangePayloads(kind.name, position, [contestScoreboardTopic(contestId)])) {
      await sql`SELECT pg_notify(${readModelChangedChannel}, ${payload})`.execute(db);
    }
  };

  const apply = async (event: RecordedEvent, transaction: Db): Promise<void> => {
    const contestEvent = event.stream.startsWith('contest-') ? parseContestEvent(event) : null;
    if (contestEvent) {
      if (await applyContestEvent(transaction, event, contestEvent)) {
        await notify(transaction, event.position, contestEvent.data.contestId);
      }
      return;
    }
    const changedContest = await applySubmissionEvent(transaction, event);
    if (changedContest !== null) await notify(transaction, event.position, changedContest);
  };

  return {
    name: kind.name,
    tables: (['contests', 'records', 'rows', 'solved'] as const).map((suffix) => `${kind.tablePrefix}_${suffix}`),
    eventTypes: [...Object.keys(contestEventSchemas), ...Object.keys(submissionEventSchemas)],
    apply,
    async applyBatch(events, transaction, mode = 'live') {
      // A single live event takes the one-by-one path: fewer round trips than the bulk statements.
      if (mode === 'live' && events.length === 1 && events[0]) return apply(events[0], transaction);
      let submissions: RecordedEvent[] = [];
      const flushSubmissions = async () => {
        const changed = await applySubmissionEvents(transaction, submissions, mode);
        for (const [contestId, position] of changed) await notify(transaction, position, contestId);
        submissions = [];
      };
      for (const event of events) {
        const contestEvent = event.stream.startsWith('contest-') ? parseContestEvent(event) : null;
        if (!contestEvent) {
          submissions.push(event);
          continue;
        }
        await flushSubmissions();
        if (await applyContestEvent(transaction, event, contestEvent, mode)) {
          await notify(transaction, event.position, contestEvent.data.contestId);
        }
      }
      await flushSubmissions();
    },
    /** After a replay: every row from the final contest facts and records (rows depend on nothing else). */
    async settle(transaction) {
      const { rows } = await sql<{ contest_id: number; board_contest: BoardContest }>`
        SELECT contest_id, board_contest FROM ${table('contests')}`.execute(transaction);
      for (const row of rows) await recomputeContest(transaction, row.board_contest, row.contest_id);
    },
  };
}

interface BoardUser {
  readonly contestId: number;
  readonly userId: string;
}

interface UserRow extends BoardUser {
  readonly username: string;
  readonly view: BoardView;
  readonly row: BoardRow;
}

/** A record as `recordColumns` reads it. */
interface StoredRecord {
  submission_id: number;
  contest_problem_id: number;
  submitted_at: Date;
  submission_status: string;
  score: number | null;
  use_time_ms: number | null;
  username: string;
}

/** What the batch path also needs of a record to fold events over it. */
interface HeldState {
  attempt: number;
  last_position: string;
}

const userKey = (user: BoardUser) => `${user.contestId}:${user.userId}`;

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

interface RecordUpdate {
  readonly submissionId: number;
  readonly attempt: number;
  readonly status: string;
  readonly score: number | null;
  readonly useTimeMs: number | null;
  readonly position: bigint;
}

type ParsedSubmission = NonNullable<ReturnType<typeof parseSubmissionEvent>>;

/** Score and run time of the record after an event that moved its status. */
function resultOf(event: ParsedSubmission): { score: number | null; useTimeMs: number | null } {
  if (event.type === 'SubmissionJudged') return { score: event.data.score, useTimeMs: event.data.timeMs };
  if (event.type === 'SubmissionVerdictSetManually') return { score: event.data.score, useTimeMs: null };
  return { score: null, useTimeMs: null };
}
