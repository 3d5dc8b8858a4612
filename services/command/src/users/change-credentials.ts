import type { UserEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { UserState } from './user.state';
import { userMessages } from './users.rejections';

export const changePassword =
  (command: { readonly oldPasswordMatches: boolean; readonly passwordHash: string; readonly changedAt: string }) =>
  (state: UserState): UserEvent[] => {
    if (!state.exists || !command.oldPasswordMatches) throw new CommandRejected(400, userMessages.oldPasswordWrong);
    return [
      {
        type: 'UserPasswordChanged',
        data: { userId: state.userId, passwordHash: command.passwordHash, changedAt: command.changedAt },
      },
      endOtherSessions(state, command.changedAt),
    ];
  };

/**
 * A password or email change ends every session issued before it (review F19: a stolen token must not outlive
 * the change; HOJ revokes nothing), as a logout does; the route hands the caller a token of the new generation.
 */
function endOtherSessions(state: UserState, at: string): UserEvent {
  return {
    type: 'UserLoggedOut',
    data: { userId: state.userId, sessionGeneration: state.sessionGeneration + 1, loggedOutAt: at },
  };
}

/** The mailed code was checked by the route; a reset ends every session (unlike HOJ, api-core §1). */
export const resetPassword =
  (command: { readonly passwordHash: string; readonly resetAt: string }) =>
  (state: UserState): UserEvent[] => {
    if (!state.exists) throw new CommandRejected(400, userMessages.resetLinkMissing);
    return [
      {
        type: 'UserPasswordReset',
        data: {
          userId: state.userId,
          passwordHash: command.passwordHash,
          sessionGeneration: state.sessionGeneration + 1,
          resetAt: command.resetAt,
        },
      },
    ];
  };

/** The new address is already claimed for this user by the route (claim stream, 'no_stream'). */
export const changeEmail =
  (command: { readonly email: string; readonly changedAt: string }) =>
  (state: UserState): UserEvent[] => {
    if (state.email.toLowerCase() === command.email.toLowerCase())
      throw new CommandRejected(400, userMessages.sameEmail);
    return [
      {
        type: 'UserEmailChanged',
        data: { userId: state.userId, email: command.email, previousEmail: state.email, changedAt: command.changedAt },
      },
      endOtherSessions(state, command.changedAt),
    ];
  };
