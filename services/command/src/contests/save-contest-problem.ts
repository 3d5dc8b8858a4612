import type { ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import type { AddContestProblem } from './add-contest-problem';
import { addContestProblem } from './add-contest-problem';
import { checkManager, entries, savedLink, type ContestProblemsActor } from './contest-problem-links';

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
