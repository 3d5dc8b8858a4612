import type { ContestType } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { problemMessages } from './problems.rejections';
import type { ProblemDraft } from './validate-problem';

/**
 * A problem saved from a contest's back office (spec 002 §4: "auth is forced to 3 and type follows the
 * contest"). Creating forces the contest auth; editing keeps the auth the editor sent, so a bank problem
 * that was linked to the contest is not pulled out of the public bank by an edit (docs/contests.md).
 */
export interface ContestPlacement {
  readonly contestType: ContestType;
  readonly forcesContestAuth: boolean;
}

/** The contest facts the route reads before deciding; null when the contest does not exist. */
export interface ContestFacts {
  readonly type: ContestType;
  readonly createdBy: string;
  readonly linksProblem: boolean;
}

export interface ContestActor {
  readonly userId: string;
  readonly role: string;
}

/** The draft as the contest rules make it, before validation: validation then checks the forced values. */
export function placeInContest(draft: ProblemDraft, placement: ContestPlacement | undefined): ProblemDraft {
  if (!placement) return draft;
  const type = placement.contestType === 'ACM' ? 0 : 1;
  return { ...draft, type, auth: placement.forcesContestAuth ? 3 : draft.auth };
}

/**
 * Who may create a problem inside a contest: root and problem admins for any contest, an admin for the
 * contests they created (HOJ lets any admin role in [quirk, §1.3]; ownership comes from the contest's events).
 */
export function placementForNewProblem(contest: ContestFacts | null, actor: ContestActor): ContestPlacement {
  if (!contest) throw new CommandRejected(400, problemMessages.contestMissing);
  const isProblemAdmin = actor.role === 'root' || actor.role === 'problem_admin';
  if (!isProblemAdmin && contest.createdBy !== actor.userId)
    throw new CommandRejected(403, problemMessages.noContestPermission);
  return { contestType: contest.type, forcesContestAuth: true };
}

/** Editing from a contest: the contest must hold the problem; its type then follows the contest. */
export function placementForEdit(contest: ContestFacts | null): ContestPlacement {
  if (!contest || !contest.linksProblem) throw new CommandRejected(400, problemMessages.contestMissing);
  return { contestType: contest.type, forcesContestAuth: false };
}
