import { contestStatusAt } from '@oj/events';
import {
  contestAccessFailure,
  isContestAdmin,
  isSealedFor,
  type ContestFacts,
  type Viewer,
} from '../contests/contest-access';

/**
 * What one viewer may see of one contest's submissions (api-core §4 detail and case results, contests §2.10).
 * Every read that shows a contest row, or anything derived from one, asks `contestRowFate` through this view
 * (docs/contests.md, "Freeze that cannot leak"), so a sealed viewer learns no post-seal verdict anywhere.
 */
export interface ContestSubmissionView {
  readonly type: 'ACM' | 'OI';
  /** Root or the creator: every contest submission whole. */
  readonly isPrivileged: boolean;
  /** The viewer passes the contest's access check (§2.3); without it they are answered about their own rows only. */
  readonly hasAccess: boolean;
  readonly isRunning: boolean;
  /** The instant from which rows are sealed for this viewer, or null when the board is not sealed for them. */
  readonly sealedFrom: Date | null;
  /** OI while the board is sealed for this viewer: the detail is the status -5 alone, even for the submitter. */
  readonly isResultSealed: boolean;
  /** Case results are withheld: ACM while running, and either type while the board is sealed for the viewer. */
  readonly hidesCaseResults: boolean;
}

/**
 * `whole`: the row as it is; `sealed`: the row with status -5 and no score or figures; `hidden`: not answered at
 * all (a contest the viewer may not enter, and not their own row).
 */
export type ContestRowFate = 'whole' | 'sealed' | 'hidden';

/** The view of a contest that no longer exists: root sees its rows, the submitters their own, nobody else any. */
export function deletedContestView(viewer: Viewer | null): ContestSubmissionView {
  return {
    type: 'ACM',
    isPrivileged: viewer?.isRoot === true,
    hasAccess: false,
    isRunning: false,
    sealedFrom: null,
    isResultSealed: false,
    hidesCaseResults: false,
  };
}

/**
 * HOJ withholds OI case results only while running after the seal (judging.md §1.9); here they stay withheld as
 * long as the board is sealed (autoRealRank off keeps it sealed after the end), for ACM too, so the cases never
 * tell what the board hides. A board sealed with no seal instant (sealed only after the end) seals from the end.
 */
export function contestSubmissionView(
  contest: ContestFacts,
  viewer: Viewer | null,
  isRegistered: boolean,
  now: Date,
): ContestSubmissionView {
  const isPrivileged = isContestAdmin(contest, viewer);
  // contestAccessFailure answers "missing" for an invisible contest even to its admins; they see it anyway.
  const hasAccess =
    isPrivileged || (viewer !== null && contestAccessFailure(contest, viewer, isRegistered, now) === null);
  const isRunning = contestStatusAt(contest.settings.startAt, contest.settings.endAt, now) === 0;
  const isSealed = !isPrivileged && isSealedFor(contest, viewer, false, now);
  const sealedFrom = isSealed ? new Date(contest.settings.sealRankAt ?? contest.settings.endAt) : null;
  const isResultSealed = isSealed && contest.type === 'OI';
  const hidesCaseResults = !isPrivileged && ((contest.type === 'ACM' && isRunning) || isSealed);
  return { type: contest.type, isPrivileged, hasAccess, isRunning, sealedFrom, isResultSealed, hidesCaseResults };
}

/**
 * The one rule for a contest row. Contest admins see it whole. Anyone else needs contest access, or to be its
 * submitter. While the board is sealed for the viewer, a row made at or after the seal instant is sealed for
 * everyone but its ACM submitter (an OI submitter does not see their own post-seal result either, §2.10).
 */
export function contestRowFate(
  view: ContestSubmissionView,
  row: { readonly userId: string; readonly submittedAt: Date },
  viewerId: string | null,
): ContestRowFate {
  if (view.isPrivileged) return 'whole';
  const isOwner = viewerId !== null && row.userId === viewerId;
  if (!isOwner && !view.hasAccess) return 'hidden';
  const isAfterSeal = view.sealedFrom !== null && row.submittedAt.getTime() >= view.sealedFrom.getTime();
  if (isAfterSeal && (!isOwner || view.type === 'OI')) return 'sealed';
  return 'whole';
}

/** HOJ's "submitted, result unknown" status, shown for a sealed row. */
export const sealedStatus = -5;

/** What a sealed row loses: the verdict, the score, and the figures that tell it (an AC's time and memory, say). */
export const sealedFields = {
  status: sealedStatus,
  score: null,
  oiRankScore: null,
  time: null,
  memory: null,
  length: null,
} as const;
