import { describe, it } from 'vitest';
import { aUserLoggedOut, aUserRegistered } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { userModel } from './user.state';
import { logIn, logOut } from './manage-session';
import { userMessages } from './users.rejections';

const attempt = { ip: '10.0.0.1', userAgent: 'test', loggedInAt: '2026-02-01T00:00:00.000Z' };
const registered = aUserRegistered();

describe('logIn', () => {
  it('logs in a user who gives the right password', () => {
    given(userModel, registered)
      .when(logIn({ ...attempt, passwordMatches: true, isBanned: false }))
      .then([{ type: 'UserLoggedIn', data: { userId: registered.data.userId, ...attempt } }]);
  });

  it('rejects a wrong password', () => {
    given(userModel, registered)
      .when(logIn({ ...attempt, passwordMatches: false, isBanned: false }))
      .thenRejects(400, userMessages.wrongCredentials);
  });

  it('reports a ban only after a correct password', () => {
    given(userModel, registered)
      .when(logIn({ ...attempt, passwordMatches: false, isBanned: true }))
      .thenRejects(400, userMessages.wrongCredentials);
    given(userModel, registered)
      .when(logIn({ ...attempt, passwordMatches: true, isBanned: true }))
      .thenRejects(400, userMessages.accountBanned);
  });
});

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
