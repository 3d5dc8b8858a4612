import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { CcsProblemFacts } from './ccs-objects';
import type { FeedEntry } from './ccs-event-feed';

type Db = Kysely<Database>;

/** The contest's problems in display order, with the limits and test count of their definition. */
export async function ccsProblemRows(
  db: Db,
  contestId: number,
): Promise<(CcsProblemFacts & { readonly problemId: number })[]> {
  const rows = await db
    .selectFrom('contest_problems as link')
    .innerJoin('problems as problem', 'problem.problem_id', 'link.problem_id')
    .select([
      'link.contest_problem_id',
      'link.problem_id',
      'link.display_id',
      'link.display_title',
      'link.color',
      'problem.definition',
    ])
    .where('link.contest_id', '=', contestId)
    .orderBy('link.display_id')
    .orderBy('link.contest_problem_id')
    .execute();
  return rows.map((row) => {
    const definition = (row.definition ?? {}) as { timeLimitMs?: unknown; testCases?: unknown };
    const cases: unknown[] = Array.isArray(definition.testCases) ? definition.testCases : [];
    const caseScore = (testCase: unknown) => {
      const score = (testCase as { score?: unknown } | null)?.score;
      return typeof score === 'number' ? score : 0;
    };
    return {
      contestProblemId: row.contest_problem_id,
      problemId: row.problem_id,
      displayId: row.display_id,
      displayTitle: row.display_title,
      color: row.color,
      timeLimitMs: typeof definition.timeLimitMs === 'number' ? definition.timeLimitMs : null,
      testDataCount: cases.length,
      maxScore: cases.reduce<number>((sum, testCase) => sum + caseScore(testCase), 0),
    };
  });
}

/** The registered users (the teams), and anyone who submitted to the contest without a registration row. */
export async function ccsTeamRows(
  db: Db,
  contestId: number,
): Promise<{ userId: string; username: string; school: string | null }[]> {
  const registered = await db
    .selectFrom('contest_registrations')
    .select(['user_id', 'username'])
    .where('contest_id', '=', contestId)
    .execute();
  const submitters = await db
    .selectFrom('submissions')
    .select(['user_id', sql<string>`min(username)`.as('username')])
    .where('contest_id', '=', contestId)
    .groupBy('user_id')
    .execute();
  const teams = new Map<string, string>();
  for (const row of [...registered, ...submitters]) if (!teams.has(row.user_id)) teams.set(row.user_id, row.username);
  const schools = new Map<string, string | null>();
  const ids = [...teams.keys()];
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await db
      .selectFrom('users')
      .select(['user_id', 'school'])
      .where('user_id', 'in', ids.slice(start, start + 5000))
      .execute();
    for (const row of rows) schools.set(row.user_id, row.school);
  }
  return [...teams]
    .map(([userId, username]) => ({ userId, username, school: schools.get(userId) ?? null }))
    .sort((a, b) => a.userId.localeCompare(b.userId));
}

export interface CcsSubmissionRow {
  readonly submissionId: number;
  readonly contestProblemId: number;
  readonly userId: string;
  readonly language: string;
  readonly submittedAt: Date;
  readonly attempt: number;
  readonly status: string;
  readonly timeMs: number | null;
  readonly score: number | null;
  readonly updatedAt: Date;
}

/** The contest's submissions (ones made in the contest, with a contest-problem link), oldest first; no source. */
export async function ccsSubmissionRows(
  db: Db,
  contestId: number,
  filter: { readonly submissionId?: number; readonly userId?: string } = {},
): Promise<CcsSubmissionRow[]> {
  let query = db
    .selectFrom('submissions')
    .select([
      'submission_id',
      'contest_problem_id',
      'user_id',
      'language',
      'submitted_at',
      'attempt',
      'status',
      'time_ms',
      'score',
      'updated_at',
    ])
    .where('contest_id', '=', contestId)
    .where('contest_problem_id', 'is not', null);
  if (filter.submissionId !== undefined) query = query.where('submission_id', '=', filter.submissionId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  const rows = await query.orderBy('submitted_at').orderBy('submission_id').execute();
  return rows.map((row) => ({
    submissionId: row.submission_id,
    contestProblemId: row.contest_problem_id ?? 0,
    userId: row.user_id,
    language: row.language,
    submittedAt: new Date(row.submitted_at),
    attempt: row.attempt,
    status: row.status,
    timeMs: row.time_ms,
    score: row.score,
    updatedAt: new Date(row.updated_at),
  }));
}

/** Audited events read per page of the feed: ~2 MB of lines, written as one chunk. */
export const ccsFeedPageSize = 5000;

/** The `after` text of one field of an entry's changes (a jsonb array of {field, before, after}). */
const afterOf = (field: string) =>
  sql`jsonb_path_query_first(a.changes, ${`$[*] ? (@.field == "${field}").after`}::jsonpath) #>> '{}'`;

/**
 * One page of the contest's audited events after `afterPosition`, in position order: the feed's source
 * (docs/ccs.md), read by keyset over the (contest_id, position) index so a feed of any length streams. One query
 * per page, shaped for the fold's hot path: times as whole epoch milliseconds, truncated as a Date does (a float
 * parses far faster than timestamp text), `changes` parsed only for the rare entries that need all of it (contest,
 * contest-problem, registration),
 * the verdict, score and attempt of the many others taken out in SQL, verdict entries that change no verdict
 * (a judge starting, a test case) left out, and a new submission's immutable facts (no source) joined by primary
 * key (LATERAL, so the planner looks up each page's few rows instead of hashing the whole table).
 */
export async function ccsFeedPage(
  db: Db,
  contestId: number,
  afterPosition: string,
  limit: number,
): Promise<FeedEntry[]> {
  // The columns are named as FeedEntry's fields: the driver's rows are the entries, with no object built per row.
  const { rows } = await sql<FeedEntry>`
    SELECT a.position::text AS position, a.kind, a.command, a.submission_id AS "submissionId",
      a.problem_id AS "problemId", a.user_id AS "userId",
      trunc(extract(epoch FROM a.recorded_at) * 1000)::float8 AS "recordedMs",
      CASE WHEN a.kind IN ('contest', 'contest-problem', 'registration') THEN a.changes END AS changes,
      CASE WHEN a.kind IN ('verdict', 'manual-verdict', 'cancellation') THEN ${afterOf('verdict')} END AS verdict,
      CASE WHEN a.kind IN ('verdict', 'manual-verdict') THEN ${afterOf('score')} END AS score,
      CASE WHEN a.kind = 'rejudge' THEN ${afterOf('attempt')} END AS attempt,
      s.contest_problem_id AS "contestProblemId", s.user_id AS "submitterId", s.username, s.language,
      trunc(extract(epoch FROM s.submitted_at) * 1000)::float8 AS "submittedMs"
    FROM audit_entries a
    LEFT JOIN LATERAL (
      SELECT contest_problem_id, user_id, username, language, submitted_at FROM submissions
      WHERE a.kind = 'submission' AND a.command = 'SubmitCode' AND submission_id = a.submission_id
        AND contest_id = a.contest_id AND contest_problem_id IS NOT NULL
    ) s ON true
    WHERE a.contest_id = ${contestId} AND a.position > ${afterPosition}
      AND a.kind IN ('contest', 'contest-problem', 'registration', 'submission', 'rejudge', 'verdict',
        'manual-verdict', 'cancellation')
      AND (a.kind NOT IN ('verdict', 'manual-verdict', 'cancellation') OR a.changes @> '[{"field": "verdict"}]')
    ORDER BY a.position
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** A page of the contest's submissions with their source, by id after `afterId`: the contest package's files. */
export async function ccsSubmissionSources(db: Db, contestId: number, afterId: number, limit: number) {
  const rows = await db
    .selectFrom('submissions')
    .select(['submission_id', 'language', 'code', 'submitted_at'])
    .where('contest_id', '=', contestId)
    .where('contest_problem_id', 'is not', null)
    .where('submission_id', '>', afterId)
    .orderBy('submission_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    submissionId: row.submission_id,
    language: row.language,
    code: row.code,
    submittedAt: new Date(row.submitted_at),
  }));
}

/** The current attempt's case results of the contest's submissions, in the order they ran. */
export async function ccsCaseRows(db: Db, contestId: number) {
  return db
    .selectFrom('submission_cases as run')
    .innerJoin('submissions as submission', 'submission.submission_id', 'run.submission_id')
    .select(['run.submission_id', 'run.attempt', 'run.seq', 'run.status', 'run.time_ms'])
    .where('submission.contest_id', '=', contestId)
    .whereRef('run.attempt', '=', 'submission.attempt')
    .orderBy('run.submission_id')
    .orderBy('run.seq')
    .execute();
}
