import { describe, it } from 'vitest';
import { aUserLoggedOut, aUserRegistered } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { userModel } from './user.state';
import { logOut } from './log-out';

const attempt = { ip: '10.0.0.1', userAgent: 'test', loggedInAt: '2026-02-01T00:00:00.000Z' };
const registered = aUserRegistered();

describe('logOut', () => {
  it('moves the session generation on, so every older token is revoked', () => {
    given(userModel, registered, aUserLoggedOut({ sessionGeneration: 1 }))
      .when(logOut({ loggedOutAt: attempt.loggedInAt }))
      .then([
        {
          type: 'UserLoggedOut',
          data: { userId: registered.data.userId, sessionGeneration: 2, loggedOutAt: attempt.loggedInAt },
        },
      ]);
  });
});
