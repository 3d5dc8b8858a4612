import type { UserEvent } from '@oj/events';
import type { UserState } from './user.state';

export const logOut =
  (command: { readonly loggedOutAt: string }) =>
  (state: UserState): UserEvent[] =>
    state.exists
      ? [
          {
            type: 'UserLoggedOut',
            data: {
              userId: state.userId,
              sessionGeneration: state.sessionGeneration + 1,
              loggedOutAt: command.loggedOutAt,
            },
          },
        ]
      : [];
