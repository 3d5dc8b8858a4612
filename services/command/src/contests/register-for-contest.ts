import { matchesAccountRule, type ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { contestMessages } from './contests.rejections';

export interface RegisterForContest {
  readonly userId: string;
  readonly username: string;
  /** Whether the sent password is the stored (sealed) one: the route compares in constant time. */
  readonly passwordMatches: (storedPassword: string) => boolean;
  readonly requestedAt: string;
}

/**
 * POST /api/register-contest (§1.1), checks in HOJ's order. No status or auth check: registering works before
 * the start, after the end and on public contests with a password, as in HOJ.
 */
export const registerForContest =
  (command: RegisterForContest) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    if (!contest || !contest.visible) throw new CommandRejected(400, contestMessages.contestMissing);
    // HOJ answers HTTP 500 for a contest without a password; no password can match it here.
    if (contest.settings.password === null || !command.passwordMatches(contest.settings.password)) {
      throw new CommandRejected(400, contestMessages.wrongPassword);
    }
    if (contest.settings.openAccountLimit && !matchesAccountRule(contest.settings.accountLimitRule, command.username)) {
      throw new CommandRejected(400, contestMessages.accountRuleRegister);
    }
    if (state.registeredUserIds.includes(command.userId)) {
      throw new CommandRejected(400, contestMessages.alreadyRegistered);
    }
    return [
      {
        type: 'ContestantRegistered',
        data: {
          contestId: contest.contestId,
          userId: command.userId,
          username: command.username,
          registeredAt: command.requestedAt,
        },
      },
    ];
  };
