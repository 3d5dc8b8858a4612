import { contestStatusAt } from '@oj/events';
import { isContestAdmin, isSealedFor, type ContestFacts, type Viewer } from '../contests/contest-access';

/** What one viewer may see of a contest's submissions (api-core §4 detail and case results, contests §2.10). */
export interface ContestSubmissionView {
  /** Root or the creator: every contest submission whole. */
  readonly isPrivileged: boolean;
  readonly isRunning: boolean;
  /** OI while the board is sealed for this viewer: the detail is the status -5 alone, even for the submitter. */
  readonly isResultSealed: boolean;
  /** Case results are withheld: ACM while running, OI while sealed. */
  readonly hidesCaseResults: boolean;
}

/**
 * HOJ withholds OI case results only while running after the seal (judging.md §1.9); here they follow the detail
 * and stay withheld as long as the board is sealed (autoRealRank off keeps it sealed after the end), so the cases
 * never tell what the detail hides.
 */
export function contestSubmissionView(contest: ContestFacts, viewer: Viewer | null, now: Date): ContestSubmissionView {
  const isPrivileged = isContestAdmin(contest, viewer);
  const isRunning = contestStatusAt(contest.settings.startAt, contest.settings.endAt, now) === 0;
  const isResultSealed = !isPrivileged && contest.type === 'OI' && isSealedFor(contest, viewer, false, now);
  const hidesCaseResults = !isPrivileged && ((contest.type === 'ACM' && isRunning) || isResultSealed);
  return { isPrivileged, isRunning, isResultSealed, hidesCaseResults };
}
