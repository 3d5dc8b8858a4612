import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { ApiError } from '@oj/platform';
import { contestAccessFailure, type Viewer } from './contest-access';
import { findContest, isRegistered, type ContestRow } from './contests.queries';

/** validateContestAuth (§2.3) against the stored contest: the contest, or the envelope of the first failing step. */
export async function accessibleContest(
  db: Kysely<Database>,
  contestId: number,
  viewer: Viewer,
  now: Date,
): Promise<ContestRow> {
  const [contest, registered] = await Promise.all([
    findContest(db, contestId),
    isRegistered(db, contestId, viewer.userId),
  ]);
  const failure = contestAccessFailure(contest, viewer, registered, now);
  if (failure) throw new ApiError(failure.status, failure.text);
  // contestAccessFailure refuses a missing contest, so a contest is here; the check only tells the compiler.
  if (!contest) throw new Error(`contest ${contestId} passed the access check without existing`);
  return contest;
}

/**
 * Whether some contest that links the problem lets the viewer in (§2.3): how a contest-only problem's templates
 * and languages are reached by a contestant (F20).
 */
export async function isInAccessibleContest(
  db: Kysely<Database>,
  problemId: number,
  viewer: Viewer,
  now: Date,
): Promise<boolean> {
  const links = await db
    .selectFrom('contest_problems')
    .select('contest_id')
    .where('problem_id', '=', problemId)
    .execute();
  for (const contestId of new Set(links.map((link) => link.contest_id))) {
    const [contest, registered] = await Promise.all([
      findContest(db, contestId),
      isRegistered(db, contestId, viewer.userId),
    ]);
    if (contestAccessFailure(contest, viewer, registered, now) === null) return true;
  }
  return false;
}
