import { contestStatusAt, type ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';
import { isOwner, type ContestActor } from './contest-actor';

/** PUT /api/check-contest-ac-info (§1.2.2): contest admins flip a first AC's balloon flag. */
export const changeAcCheck =
  (command: {
    readonly submissionId: number;
    readonly checked: boolean;
    readonly actor: ContestActor;
    readonly changedAt: string;
  }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest) throw new CommandRejected(400, contestMessages.checkFailed);
    if (!isOwner(state, command.actor)) throw new CommandRejected(403, contestMessages.noPermission);
    const { submissionId, checked, changedAt } = command;
    return [
      { type: 'ContestAcCheckChanged', data: { contestId: state.contest.contestId, submissionId, checked, changedAt } },
    ];
  };

export interface RequestPrint {
  readonly printId: number;
  readonly actor: ContestActor;
  readonly realname: string | null;
  readonly content: string;
  readonly requestedAt: string;
}

/**
 * POST /api/submit-print-text (§1.1): validateContestAuth's steps on the contest stream's own facts. No
 * `openPrint` check, as in HOJ (the tab is client-side); the rate limit is the route's.
 */
export const requestPrint =
  (command: RequestPrint) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    if (!contest || !contest.visible) throw new CommandRejected(400, contestMessages.contestMissingAccess);
    if (!isOwner(state, command.actor)) {
      const status = contestStatusAt(contest.settings.startAt, contest.settings.endAt, new Date(command.requestedAt));
      if (status === -1) throw new CommandRejected(403, contestMessages.notStartedAccess);
      if (contest.settings.auth === 1 && !state.registeredUserIds.includes(command.actor.userId)) {
        throw new CommandRejected(403, contestMessages.registerFirst);
      }
    }
    return [
      {
        type: 'ContestPrintRequested',
        data: {
          contestId: contest.contestId,
          printId: command.printId,
          userId: command.actor.userId,
          username: command.actor.username,
          realname: command.realname,
          content: command.content,
          requestedAt: command.requestedAt,
        },
      },
    ];
  };

/** PUT /api/check-contest-print-status (§1.2.4): printed, one way; unknown id → 400 "修改失败！". */
export const markPrinted =
  (command: { readonly printId: number; readonly actor: ContestActor; readonly markedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest || !state.printIds.includes(command.printId))
      throw new CommandRejected(400, contestMessages.checkFailed);
    if (!isOwner(state, command.actor)) throw new CommandRejected(403, contestMessages.noPermission);
    return [
      {
        type: 'ContestPrintMarkedPrinted',
        data: { contestId: state.contest.contestId, printId: command.printId, markedAt: command.markedAt },
      },
    ];
  };
