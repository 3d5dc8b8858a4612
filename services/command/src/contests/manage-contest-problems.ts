import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';

const entries = (state: ContestState) =>
  Object.entries(state.problems).map(([id, facts]) => ({ contestProblemId: Number(id), ...facts }));

export interface AddContestProblem {
  readonly contestProblemId: number;
  /** Null when the problem is not in the bank (the route looked it up). */
  readonly problem: { readonly problemId: number; readonly title: string } | null;
  readonly displayId: string;
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
          displayTitle: command.problem.title,
          color: null,
          addedAt: command.addedAt,
        },
      },
    ];
  };

/** PUT /api/admin/contest/contest-problem: display id, title, balloon colour; a taken display id → 400. */
export const changeContestProblem =
  (command: {
    readonly contestProblemId: number;
    readonly displayId: string;
    readonly displayTitle: string;
    readonly color: string | null;
    readonly changedAt: string;
  }) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    const current = state.problems[command.contestProblemId];
    if (!contest || !current) throw new CommandRejected(400, contestMessages.contestProblemUpdateFailed);
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
