import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { hiddenProblemAuth, shownContestProblemLinks } from '../contests/contests.queries';

type Db = Kysely<Database>;

/** The contest's problems the board shows: every linked problem except hidden ones (auth 2), by display id. */
export async function scrollBoardProblems(db: Db, contestId: number) {
  const links = await shownContestProblemLinks(db, contestId);
  return links.map((link) => ({ displayId: link.displayId, color: link.color }));
}

export interface ScrollBoardRowFilter {
  readonly contestId: number;
  /** Submissions at or after the end are dropped (§1.2.10). */
  readonly endAt: Date;
  /** Root users and the creator (§2.6). */
  readonly excludedUserIds: readonly string[];
  /** Star usernames when `removeStar` was asked for, else empty. */
  readonly removedUsernames: readonly string[];
}

export interface ScrollBoardRow {
  readonly submissionId: number;
  readonly userId: string;
  readonly username: string;
  readonly nickname: string | null;
  readonly realname: string | null;
  readonly school: string | null;
  readonly avatar: string | null;
  readonly gender: string | null;
  readonly status: string;
  readonly submittedAt: Date;
  readonly displayId: string;
}

/**
 * §1.2.10: the contest's submissions on non-hidden problems, Cancelled ones left out, newest submit id first.
 * Pending, CE and SE rows stay: the page decides what they mean (§2.18).
 */
export async function scrollBoardRows(db: Db, filter: ScrollBoardRowFilter): Promise<ScrollBoardRow[]> {
  const username = sql`coalesce(u.username, s.username)`;
  const excluded =
    filter.excludedUserIds.length > 0 ? sql`AND s.user_id NOT IN (${sql.join(filter.excludedUserIds)})` : sql``;
  const removed =
    filter.removedUsernames.length > 0 ? sql`AND ${username} NOT IN (${sql.join(filter.removedUsernames)})` : sql``;
  // Columns named as ScrollBoardRow's fields, so the rows need no renaming here.
  const { rows } = await sql<ScrollBoardRow>`SELECT s.submission_id AS "submissionId", s.user_id AS "userId",
      ${username} AS username, u.nickname, u.realname, u.school, u.avatar, u.gender, s.status,
      s.submitted_at AS "submittedAt", p.display_id AS "displayId"
    FROM submissions s
      JOIN contest_problems p ON p.contest_problem_id = s.contest_problem_id
      JOIN problems pr ON pr.problem_id = p.problem_id
      LEFT JOIN users u ON u.user_id = s.user_id
    WHERE s.contest_id = ${filter.contestId} AND p.contest_id = ${filter.contestId}
      AND s.status <> 'CA' AND pr.auth <> ${hiddenProblemAuth} AND s.submitted_at < ${filter.endAt}
      ${excluded} ${removed}
    ORDER BY s.submission_id DESC`.execute(db);
  return rows;
}
