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
