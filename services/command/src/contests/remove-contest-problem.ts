import type { ContestEvent } from '@oj/events';
import type { ContestState } from './contest.state';
import { entries } from './contest-problem-links';

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
