import type { Kysely } from 'kysely';
import { hojStatusCodes, type SubmissionStatus } from '@oj/events';
import type { Database } from '@oj/read-models';
import { isSealedFor } from './contest-access';
import { findContest } from './contests.queries';

const notSubmitted = -10;
const sealedStatus = -5;

/**
 * get-user-problem-status in contest mode (§1.1): the caller's own rows of the contest, newest first, after
 * the end only with containsEnd. ACM: AC wins, else the newest status; OI: the newest status and score, or -5
 * for every submitted problem while the contest is sealed for everyone (no admin bypass, quirk 6 kept: the
 * client's OI confirmation relies on it). Null when the contest does not exist.
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
  const sealedForEveryone = contest.type === 'OI' && isSealedFor(contest, null, false, now);
  const statuses: Record<string, { status: number; score: number | null }> = {};
  for (const pid of request.pids) {
    const own = rows.filter((row) => row.problem_id === pid);
    const newest = own[0];
    const code = (status: string) => hojStatusCodes[status as SubmissionStatus] ?? hojStatusCodes.SE;
    if (!newest) statuses[String(pid)] = { status: notSubmitted, score: null };
    else if (contest.type === 'ACM') {
      const solved = own.some((row) => row.status === 'AC');
      statuses[String(pid)] = { status: solved ? hojStatusCodes.AC : code(newest.status), score: null };
    } else {
      statuses[String(pid)] = sealedForEveryone
        ? { status: sealedStatus, score: null }
        : { status: code(newest.status), score: newest.score };
    }
  }
  return statuses;
}
