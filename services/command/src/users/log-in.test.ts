import { describe, it } from 'vitest';
import { aUserRegistered } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { userModel } from './user.state';
import { userMessages } from './users.rejections';
import { logIn } from './log-in';

const attempt = { ip: '10.0.0.1', userAgent: 'test', loggedInAt: '2026-02-01T00:00:00.000Z' };
const anyRole = { requiredRoles: null, passwordMatches: true, isBanned: false };
const adminRoles = ['root', 'admin', 'problem_admin'] as const;
const registered = aUserRegistered();

describe('logIn', () => {
  it('logs in a user who gives the right password', () => {
    given(userModel, registered)
      .when(logIn({ ...attempt, ...anyRole }))
      .then([{ type: 'UserLoggedIn', data: { userId: registered.data.userId, ...attempt } }]);
  });

  it('rejects a wrong password', () => {
    given(userModel, registered)
      .when(logIn({ ...attempt, ...anyRole, passwordMatches: false }))
      .thenRejects(400, userMessages.wrongCredentials);
  });

  it('reports a ban only after a correct password', () => {
    given(userModel, registered)
      .when(logIn({ ...attempt, ...anyRole, passwordMatches: false, isBanned: true }))
      .thenRejects(400, userMessages.wrongCredentials);
    given(userModel, registered)
      .when(logIn({ ...attempt, ...anyRole, isBanned: true }))
      .thenRejects(400, userMessages.accountBanned);
  });
});

describe('logIn to the back office', () => {
  it('logs in every admin role', () => {
    for (const role of adminRoles) {
      const admin = aUserRegistered({ role });
      given(userModel, admin)
        .when(logIn({ ...attempt, ...anyRole, requiredRoles: adminRoles }))
        .then([{ type: 'UserLoggedIn', data: { userId: admin.data.userId, ...attempt } }]);
    }
  });

  it('refuses a plain user with body status 401, appending no login', () => {
    given(userModel, aUserRegistered({ role: 'default_user' }))
      .when(logIn({ ...attempt, ...anyRole, requiredRoles: adminRoles }))
      .thenRejects(401, userMessages.notAnAdmin);
  });

  it('checks the password and the ban before the role', () => {
    given(userModel, registered)
      .when(logIn({ ...attempt, ...anyRole, passwordMatches: false, requiredRoles: adminRoles }))
      .thenRejects(400, userMessages.wrongCredentials);
    given(userModel, registered)
      .when(logIn({ ...attempt, ...anyRole, isBanned: true, requiredRoles: adminRoles }))
      .thenRejects(400, userMessages.accountBanned);
  });
});
