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
import type { Projection } from '../../runner/projection';
import { boardRowOf, recordStatusOf, type BoardContest, type BoardRecord, type BoardView } from './scoreboard-rows';
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

  /** Three round trips: clear the user's rows while reading their records, then one insert per table. */
  const recompute = async (
    db: Db,
    contest: BoardContest,
    contestId: number,
    userId: string,
    update: RecordUpdate | null = null,
  ) => {
    const { rows: records } = await sql<{
      submission_id: number;
      contest_problem_id: number;
      submitted_at: Date;
      submission_status: string;
      score: number | null;
      use_time_ms: number | null;
      username: string;
    }>`WITH cleared_rows AS (DELETE FROM ${table('rows')} WHERE contest_id = ${contestId} AND user_id = ${userId}),
        cleared_solved AS (DELETE FROM ${table('solved')} WHERE contest_id = ${contestId} AND user_id = ${userId}),
        updated AS (${update ? updateStatement(update) : sql`SELECT ${recordColumns} FROM ${table('records')} WHERE false`})
      SELECT ${recordColumns} FROM ${table('records')}
      WHERE contest_id = ${contestId} AND user_id = ${userId} AND submission_id <> ${update?.submissionId ?? 0}
      UNION ALL SELECT ${recordColumns} FROM updated`.execute(db);
    const boardRecords: BoardRecord[] = records.map((record) => ({
      submissionId: record.submission_id,
      contestProblemId: record.contest_problem_id,
      submittedAt: record.submitted_at.toISOString(),
      status: recordStatusOf(record.submission_status),
      score: record.score,
      useTimeMs: record.use_time_ms,
    }));
    const username = records[0]?.username ?? '';
    const rows = kind.views.flatMap((view) => {
      const row = boardRowOf(contest, boardRecords, view);
      return row ? [{ view, row }] : [];
    });
    if (rows.length === 0) return;
    await sql`INSERT INTO ${table('rows')} (contest_id, view, user_id, username, ac, total_score, total_time, total,
        first_time, first_submission_id, submission_info, time_info)
      VALUES ${sql.join(
        rows.map(
          ({ view, row }) => sql`(${contestId}, ${view}, ${userId}, ${username}, ${row.ac}, ${row.totalScore},
            ${row.totalTime}, ${row.total}, ${row.firstTime}, ${row.firstSubmissionId},
            ${JSON.stringify(row.submissionInfo)}, ${row.timeInfo ? JSON.stringify(row.timeInfo) : null})`,
        ),
      )}`.execute(db);
    const solved = rows.flatMap(({ view, row }) =>
      row.solved.map((cell) => sql`(${contestId}, ${view}, ${userId}, ${cell.displayId}, ${cell.acTime})`),
    );
    if (solved.length === 0) return;
    await sql`INSERT INTO ${table('solved')} (contest_id, view, user_id, display_id, ac_time)
      VALUES ${sql.join(solved)}`.execute(db);
  };

  const recomputeContest = async (db: Db, contest: BoardContest, contestId: number) => {
    const { rows } = await sql<{ user_id: string }>`
      SELECT DISTINCT user_id FROM ${table('records')} WHERE contest_id = ${contestId}`.execute(db);
    for (const { user_id: userId } of rows) await recompute(db, contest, contestId, userId);
  };

  const applyContestEvent = async (db: Db, event: RecordedEvent, parsed: ContestEvent): Promise<boolean> => {
    const contestId = parsed.data.contestId;
    const current = await readContest(db, contestId);
    if (current && BigInt(current.last_position) >= event.position) return false;
    if (parsed.type === 'ContestDeleted') {
      for (const suffix of ['contests', 'records', 'rows', 'solved'] as const) {
        await sql`DELETE FROM ${table(suffix)} WHERE contest_id = ${contestId}`.execute(db);
      }
      return true;
    }
    if (parsed.type === 'ContestCreated' && parsed.data.type !== kind.contestType) return false;
    if (!current && parsed.type !== 'ContestCreated') return false;
    const next = contestBoardAfter(current?.board_contest ?? null, parsed);
    if (!next) return false;
    await sql`INSERT INTO ${table('contests')} (contest_id, board_contest, last_position)
      VALUES (${contestId}, ${JSON.stringify(next)}, ${event.position})
      ON CONFLICT (contest_id) DO UPDATE SET board_contest = excluded.board_contest,
        last_position = excluded.last_position`.execute(db);
    if (current && JSON.stringify(current.board_contest) !== JSON.stringify(next)) {
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

  const notify = async (db: Db, event: RecordedEvent, contestId: number) => {
    for (const payload of readModelChangePayloads(kind.name, event.position, [contestScoreboardTopic(contestId)])) {
      await sql`SELECT pg_notify(${readModelChangedChannel}, ${payload})`.execute(db);
    }
  };

  return {
    name: kind.name,
    tables: (['contests', 'records', 'rows', 'solved'] as const).map((suffix) => `${kind.tablePrefix}_${suffix}`),
    eventTypes: [...Object.keys(contestEventSchemas), ...Object.keys(submissionEventSchemas)],
    async apply(event, transaction) {
      const contestEvent = event.stream.startsWith('contest-') ? parseContestEvent(event) : null;
      if (contestEvent) {
        if (await applyContestEvent(transaction, event, contestEvent)) {
          await notify(transaction, event, contestEvent.data.contestId);
        }
        return;
      }
      const changedContest = await applySubmissionEvent(transaction, event);
      if (changedContest !== null) await notify(transaction, event, changedContest);
    },
  };
}

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
