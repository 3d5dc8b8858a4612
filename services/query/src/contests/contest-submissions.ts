import { sql, type Kysely } from 'kysely';
import { contestStatusAt, hojStatusCodes, statusOfHojCode, type SubmissionStatus } from '@oj/events';
import type { Database } from '@oj/read-models';
import { isSealedFor, type Viewer } from './contest-access';
import type { ContestRow } from './contests.queries';
import { page } from '../paging/page';
import { contestRowFate, contestSubmissionView, sealedStatus } from '../submissions/contest-submission-view';

export interface ContestSubmissionFilter {
  readonly beforeContestSubmit: boolean;
  readonly onlyMine: boolean;
  readonly problemId: string | null;
  readonly completeProblemId: boolean;
  readonly status: number | null;
  readonly username: string | null;
  readonly containsEnd: boolean;
  readonly currentPage: number;
  readonly limit: number;
}

/**
 * GET /api/contest-submissions (§1.1): the contest's rows with the seal / end cut-off (§2.10) — ACM keeps the
 * viewer's own later rows, OI does not — newest first; others' time, memory and length hidden while running
 * unless the viewer is root or the creator. The caller has passed the access check; every row then goes through
 * the freeze-aware view (`contestRowFate`), so a row the cut-off keeps can still only show what the board allows.
 */
export async function contestSubmissions(
  db: Kysely<Database>,
  contest: ContestRow,
  viewer: Viewer,
  filter: ContestSubmissionFilter,
  now: Date,
) {
  const settings = contest.settings;
  const where = contestSubmissionsWhere(contest, viewer, filter, now);
  const { rows: counted } = await sql<{ count: string }>`SELECT count(*) AS count FROM ${from} WHERE ${where}`.execute(
    db,
  );
  const { rows } = await sql<ContestSubmissionRow>`SELECT s.submission_id, s.submitted_at, s.user_id, s.username,
      p.display_id, p.display_title, s.status, s.share, s.time_ms, s.memory_kib, s.score, s.length, s.language,
      s.contest_problem_id, s.judger, s.is_manual
    FROM ${from} WHERE ${where}
    ORDER BY s.submitted_at DESC, s.submission_id DESC
    LIMIT ${filter.limit} OFFSET ${(filter.currentPage - 1) * filter.limit}`.execute(db);
  const isRunning = contestStatusAt(settings.startAt, settings.endAt, now) === 0;
  const seesFigures = (userId: string) =>
    !isRunning || viewer.isRoot || viewer.userId === contest.createdBy || userId === viewer.userId;
  const total = Number(counted[0]?.count ?? 0);
  const view = contestSubmissionView(contest, viewer, true, now);
  const records = rows.map((row) => {
    const isSealed =
      contestRowFate(view, { userId: row.user_id, submittedAt: row.submitted_at }, viewer.userId) !== 'whole';
    return contestSubmissionRecord(contest, row, { isSealed, isShown: seesFigures(row.user_id) && !isSealed });
  });
  return page(records, total, filter.limit, filter.currentPage);
}

const from = sql`submissions s JOIN contest_problems p ON p.contest_problem_id = s.contest_problem_id`;

/** The filter and the seal / end cut-off as SQL: ACM keeps the viewer's own rows after the cut-off, OI does not. */
function contestSubmissionsWhere(contest: ContestRow, viewer: Viewer, filter: ContestSubmissionFilter, now: Date) {
  const settings = contest.settings;
  const sealed = isSealedFor(contest, viewer, true, now) && settings.sealRankAt !== null;
  const cutOff = sealed ? settings.sealRankAt : filter.containsEnd && settings.allowEndSubmit ? null : settings.endAt;
  const keepOwn = contest.type === 'ACM';
  const status = filter.status === null ? null : statusOfHojCode(filter.status);
  const problemMatch = filter.problemId
    ? filter.completeProblemId
      ? sql`AND p.display_id = ${filter.problemId}`
      : sql`AND p.display_id LIKE ${`%${filter.problemId}%`}`
    : sql``;
  return sql`s.contest_id = ${contest.contestId}
    AND ${filter.beforeContestSubmit ? sql`s.submitted_at < ${settings.startAt}` : sql`s.submitted_at >= ${settings.startAt}`}
    ${cutOff ? (keepOwn ? sql`AND (s.submitted_at < ${cutOff} OR s.user_id = ${viewer.userId})` : sql`AND s.submitted_at < ${cutOff}`) : sql``}
    ${filter.onlyMine ? sql`AND s.user_id = ${viewer.userId}` : sql``}
    ${filter.username ? sql`AND s.username LIKE ${`%${filter.username}%`}` : sql``}
    ${filter.status !== null ? sql`AND s.status = ${status ?? ''}` : sql``}
    ${problemMatch}`;
}

interface ContestSubmissionRow {
  submission_id: number;
  submitted_at: Date;
  user_id: string;
  username: string;
  display_id: string;
  display_title: string;
  status: string;
  share: boolean;
  time_ms: number | null;
  memory_kib: number | null;
  score: number | null;
  length: number;
  language: string;
  contest_problem_id: number;
  judger: string;
  is_manual: boolean;
}

/** One row as HOJ's JudgeVo: sealed rows show the sealed status and no score; hidden figures are null. */
function contestSubmissionRecord(
  contest: ContestRow,
  row: ContestSubmissionRow,
  { isSealed, isShown }: { readonly isSealed: boolean; readonly isShown: boolean },
) {
  return {
    submitId: row.submission_id,
    submitTime: row.submitted_at.toISOString(),
    uid: row.user_id,
    username: row.username,
    displayId: row.display_id,
    title: row.display_title,
    status: isSealed ? sealedStatus : (hojStatusCodes[row.status as SubmissionStatus] ?? null),
    share: row.share,
    time: isShown ? row.time_ms : null,
    memory: isShown ? row.memory_kib : null,
    score: isSealed ? null : row.score,
    length: isShown ? row.length : null,
    language: row.language,
    cid: contest.contestId,
    cpid: row.contest_problem_id,
    judger: row.judger,
    isManual: row.is_manual,
    pid: null,
    displayPid: null,
    oiRankScore: null,
    source: null,
    ip: null,
  };
}
