import { describe, it } from 'vitest';
import { aUserRegistered, aUsernameClaimed, anEmailClaimed } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { emailClaimModel, usernameClaimModel } from './claim.state';
import { userModel } from './user.state';
import { claimEmail, claimUsername, registerUser, releaseUsername, type RegisterUser } from './register-user';
import { userMessages } from './users.rejections';

const bob: RegisterUser = {
  userId: 'b0b',
  username: 'bob',
  email: 'bob@example.com',
  passwordHash: aUserRegistered().data.passwordHash,
  role: 'default_user',
  registeredAt: '2026-02-01T00:00:00.000Z',
};

describe('claimUsername', () => {
  it('claims a free username', () => {
    given(usernameClaimModel)
      .when(claimUsername(bob))
      .then([{ type: 'UsernameClaimed', data: { username: 'bob', userId: 'b0b', claimedAt: bob.registeredAt } }]);
  });

  it('rejects a username another user holds', () => {
    given(usernameClaimModel, aUsernameClaimed({ username: 'bob', userId: 'someone-else' }))
      .when(claimUsername(bob))
      .thenRejects(400, userMessages.usernameTaken);
  });

  it('appends nothing when the same user claims again (a retried registration)', () => {
    given(usernameClaimModel, aUsernameClaimed({ username: 'bob', userId: 'b0b' }))
      .when(claimUsername(bob))
      .then([]);
  });

  it('claims a username again after it was released', () => {
    const claimed = aUsernameClaimed({ username: 'bob', userId: 'someone-else' });
    given(usernameClaimModel, claimed, {
      type: 'UsernameReleased',
      data: { username: 'bob', userId: 'someone-else', releasedAt: bob.registeredAt },
    })
      .when(claimUsername(bob))
      .then([{ type: 'UsernameClaimed', data: { username: 'bob', userId: 'b0b', claimedAt: bob.registeredAt } }]);
  });
});

describe('claimEmail', () => {
  it('rejects an email another user holds', () => {
    given(emailClaimModel, anEmailClaimed({ email: 'bob@example.com', userId: 'someone-else' }))
      .when(claimEmail({ userId: 'b0b', email: 'bob@example.com', claimedAt: bob.registeredAt }))
      .thenRejects(400, userMessages.emailTaken);
  });
});

describe('releaseUsername', () => {
  it('releases only a claim the user holds', () => {
    given(usernameClaimModel, aUsernameClaimed({ username: 'bob', userId: 'someone-else' }))
      .when(releaseUsername({ userId: 'b0b', username: 'bob', releasedAt: bob.registeredAt }))
      .then([]);
  });
});

describe('registerUser', () => {
  it('registers a new user with the hash, never the clear password', () => {
    given(userModel)
      .when(registerUser(bob))
      .then([
        {
          type: 'UserRegistered',
          data: {
            userId: 'b0b',
            username: 'bob',
            email: 'bob@example.com',
            passwordHash: bob.passwordHash,
            role: 'default_user',
            registeredAt: bob.registeredAt,
          },
        },
      ]);
  });

  it('appends nothing when the user stream already holds the registration', () => {
    given(userModel, aUserRegistered({ userId: 'b0b' }))
      .when(registerUser(bob))
      .then([]);
  });
});
