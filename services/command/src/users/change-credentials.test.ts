import { describe, it } from 'vitest';
import { aUserLoggedOut, aUserRegistered } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { changeEmail, changePassword } from './change-credentials';
import { userModel } from './user.state';

const registered = aUserRegistered();
const { userId, email } = registered.data;
const changedAt = '2026-02-01T00:00:00.000Z';

describe('changePassword', () => {
  it('F19: ends every session issued before it, as a logout does', () => {
    given(userModel, registered, aUserLoggedOut({ userId, sessionGeneration: 1 }))
      .when(changePassword({ oldPasswordMatches: true, passwordHash: '$argon2id$new', changedAt }))
      .then([
        { type: 'UserPasswordChanged', data: { userId, passwordHash: '$argon2id$new', changedAt } },
        { type: 'UserLoggedOut', data: { userId, sessionGeneration: 2, loggedOutAt: changedAt } },
      ]);
  });
});

describe('changeEmail', () => {
  it('F19: ends every session issued before it', () => {
    given(userModel, registered)
      .when(changeEmail({ email: 'new@example.com', changedAt }))
      .then([
        { type: 'UserEmailChanged', data: { userId, email: 'new@example.com', previousEmail: email, changedAt } },
        { type: 'UserLoggedOut', data: { userId, sessionGeneration: 1, loggedOutAt: changedAt } },
      ]);
  });
});
