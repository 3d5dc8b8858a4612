import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';

export const entries = (state: ContestState) =>
  Object.entries(state.problems).map(([id, facts]) => ({ contestProblemId: Number(id), ...facts }));

/** The link a contest-problem save names: by its id when the body has one, else by the bank problem it links. */
export const savedLink = (
  state: ContestState,
  names: { readonly contestProblemId: number | null; readonly problemId: number | null | undefined },
) =>
  entries(state).find((entry) =>
    names.contestProblemId === null
      ? entry.problemId === names.problemId
      : entry.contestProblemId === names.contestProblemId,
  );

/** Who changes a contest's problem list; `mayManageAnyContest` is true for root and problem admins. */
export interface ContestProblemsActor {
  readonly userId: string;
  readonly mayManageAnyContest: boolean;
}

/**
 * HOJ lets any admin role change any contest's problems [quirk, §1.3]; we let root and problem admins, and
 * an admin only in the contests they created (the creator comes from the contest's events).
 */
export function checkManager(state: ContestState, actor: ContestProblemsActor): void {
  if (!actor.mayManageAnyContest && state.contest?.createdBy !== actor.userId)
    throw new CommandRejected(403, contestMessages.adminNoPermission);
}
