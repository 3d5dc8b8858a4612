import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import { checkManager, entries, type ContestProblemsActor } from './contest-problem-links';

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
