import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';

const entries = (state: ContestState) =>
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
function checkManager(state: ContestState, actor: ContestProblemsActor): void {
  if (!actor.mayManageAnyContest && state.contest?.createdBy !== actor.userId)
    throw new CommandRejected(403, contestMessages.adminNoPermission);
}

export interface AddContestProblem {
  readonly contestProblemId: number;
  /** Null when the problem is not in the bank (the route looked it up). */
  readonly problem: { readonly problemId: number; readonly title: string } | null;
  readonly displayId: string;
  /** The problem's title when absent (add-problem-from-public sends none). */
  readonly displayTitle?: string;
  readonly color?: string | null;
  readonly actor: ContestProblemsActor;
  readonly addedAt: string;
}

/**
 * POST /api/admin/contest/add-problem-from-public (§1.3): pid or display id already in the contest → 400.
 * HOJ also flips the problem to auth 3 [quirk 21]; we leave the bank alone (docs/contests.md).
 */
export const addContestProblem =
  (command: AddContestProblem) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    if (!contest || !command.problem) throw new CommandRejected(400, contestMessages.addFailed);
    checkManager(state, command.actor);
    const problemId = command.problem.problemId;
    if (entries(state).some((entry) => entry.problemId === problemId || entry.displayId === command.displayId)) {
      throw new CommandRejected(400, contestMessages.addProblemDuplicate);
    }
    return [
      {
        type: 'ContestProblemAdded',
        data: {
          contestId: contest.contestId,
          contestProblemId: command.contestProblemId,
          problemId,
          displayId: command.displayId,
          displayTitle: command.displayTitle?.trim() ? command.displayTitle : command.problem.title,
          color: command.color ?? null,
          addedAt: command.addedAt,
        },
      },
    ];
  };

export interface ChangeContestProblem {
  readonly contestProblemId: number;
  readonly displayId: string;
  readonly displayTitle: string;
  readonly color: string | null;
  readonly actor: ContestProblemsActor;
  readonly changedAt: string;
}

/** A link's display id, title and balloon colour; a display id taken by another link → 400. */
const changeContestProblem =
  (command: ChangeContestProblem) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    const current = state.problems[command.contestProblemId];
    if (!contest || !current) throw new CommandRejected(400, contestMessages.contestProblemUpdateFailed);
    checkManager(state, command.actor);
    const taken = entries(state).some(
      (entry) => entry.displayId === command.displayId && entry.contestProblemId !== command.contestProblemId,
    );
    if (taken) throw new CommandRejected(400, contestMessages.addProblemDuplicate);
    const { displayId, displayTitle, color } = command;
    if (current.displayId === displayId && current.displayTitle === displayTitle && current.color === color) return [];
    return [
      {
        type: 'ContestProblemChanged',
        data: {
          contestId: contest.contestId,
          contestProblemId: command.contestProblemId,
          displayId,
          displayTitle,
          color,
          changedAt: command.changedAt,
        },
      },
    ];
  };

/**
 * PUT /api/admin/contest/contest-problem (§1.3, insert-or-update): with `id` it changes that link; without,
 * it changes the link of `pid` or, when the contest has none, links the bank problem `pid`. HOJ's editor
 * links a problem it has just created this way (POST /api/admin/contest/problem, then this call).
 */
export const saveContestProblem =
  (
    command: Omit<ChangeContestProblem, 'contestProblemId' | 'changedAt'> & {
      readonly contestProblemId: number | null;
      /** The id a new link gets (allocated by the route when the body has no id). */
      readonly newContestProblemId: number;
      readonly problem: AddContestProblem['problem'];
      readonly savedAt: string;
    },
  ) =>
  (state: ContestState): ContestEvent[] => {
    const linked = savedLink(state, {
      contestProblemId: command.contestProblemId,
      problemId: command.problem?.problemId,
    });
    const { displayId, displayTitle, color, actor, savedAt } = command;
    if (linked) {
      const contestProblemId = linked.contestProblemId;
      return changeContestProblem({ contestProblemId, displayId, displayTitle, color, actor, changedAt: savedAt })(
        state,
      );
    }
    if (!state.contest || !command.problem || command.contestProblemId !== null)
      throw new CommandRejected(400, contestMessages.contestProblemUpdateFailed);
    const { newContestProblemId: contestProblemId, problem } = command;
    return addContestProblem({ contestProblemId, problem, displayId, displayTitle, color, actor, addedAt: savedAt })(
      state,
    );
  };

/** DELETE /api/admin/contest/problem with cid: removes the link (HOJ also deletes its submissions; we keep them). */
export const removeContestProblem =
  (command: { readonly problemId: number; readonly removedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    const entry = entries(state).find((candidate) => candidate.problemId === command.problemId);
    if (!contest || !entry) return [];
    return [
      {
        type: 'ContestProblemRemoved',
        data: { contestId: contest.contestId, contestProblemId: entry.contestProblemId, removedAt: command.removedAt },
      },
    ];
  };
