import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';

export interface ContestActor {
  readonly userId: string;
  readonly username: string;
  readonly isRoot: boolean;
}

/** Root, or the contest's creator as its events record it: who may run a contest's admin calls. */
export const isOwner = (state: ContestState, actor: ContestActor) =>
  actor.isRoot || state.contest?.createdBy === actor.userId;

/**
 * Only root and the contest's creator may post, edit or remove its announcements: HOJ lets any admin role do it
 * (§1.3, quirk 20), which let an admin post fake rules into someone else's running contest (issue 10, F10).
 */
export function requireOwner(state: ContestState, actor: ContestActor): void {
  if (!isOwner(state, actor)) throw new CommandRejected(403, contestMessages.adminNoPermission);
}
