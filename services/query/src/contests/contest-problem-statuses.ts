import type { Kysely } from 'kysely';
import { hojStatusCodes, type SubmissionStatus } from '@oj/events';
import type { Database } from '@oj/read-models';
import { isSealedFor, type ContestFacts } from './contest-access';
import { findContest } from './contests.queries';

const notSubmitted = -10;
const sealedStatus = -5;

export interface OwnContestRow {
  readonly status: string;
  readonly score: number | null;
}

/**
 * The caller's HOJ status and score on one contest problem from their own rows, newest first; null without
 * rows. ACM: AC wins, else the newest status; OI: the newest status and score, or -5 while the contest is
 * sealed for everyone (no admin bypass). Shared by get-user-problem-status and the focus-mode strip.
 */
export function standingOfOwnRows(
  contest: ContestFacts,
  own: readonly OwnContestRow[],
  now: Date,
): { status: number; score: number | null } | null {
  const newest = own[0];
  if (!newest) return null;
  const code = (status: string) => hojStatusCodes[status as SubmissionStatus] ?? hojStatusCodes.SE;
  if (contest.type === 'ACM') {
    const solved = own.some((row) => row.status === 'AC');
    return { status: solved ? hojStatusCodes.AC : code(newest.status), score: null };
  }
  if (isSealedFor(contest, null, false, now)) return { status: sealedStatus, score: null };
  return { status: code(newest.status), score: newest.score };
}

/**
 * get-user-problem-status in contest mode (§1.1): the caller's own rows of the contest, newest first, after
 * the end only with containsEnd, judged by standingOfOwnRows (the OI -5 for everyone is quirk 6, kept: the
 * client's OI confirmation relies on it); -10 for a problem without rows. Null when the contest does not exist.
 */
export async function contestProblemStatuses(
  db: Kysely<Database>,
  request: {
    readonly contestId: number;
    readonly userId: string;
    readonly pids: readonly number[];
    readonly containsEnd: boolean;
  },
  now: Date,
): Promise<Record<string, { status: number; score: number | null }> | null> {
  const contest = await findContest(db, request.contestId);
  if (!contest) return null;
  let query = db
    .selectFrom('submissions')
    .select(['problem_id', 'status', 'score'])
    .where('contest_id', '=', request.contestId)
    .where('user_id', '=', request.userId)
    .where('problem_id', 'in', request.pids.length > 0 ? [...request.pids] : [-1]);
  if (!(request.containsEnd && contest.settings.allowEndSubmit))
    query = query.where('submitted_at', '<', new Date(contest.settings.endAt));
  const rows = await query.orderBy('submitted_at', 'desc').orderBy('submission_id', 'desc').execute();
  const statuses: Record<string, { status: number; score: number | null }> = {};
  for (const pid of request.pids) {
    const own = rows.filter((row) => row.problem_id === pid);
    statuses[String(pid)] = standingOfOwnRows(contest, own, now) ?? { status: notSubmitted, score: null };
  }
  return statuses;
}
