import type { z } from 'zod';
import type { StreamEventOf } from '../catalogue/define-stream-events';
import type {
  emailClaimedSchema,
  userEmailChangedSchema,
  userLoggedInSchema,
  userLoggedOutSchema,
  userPasswordChangedSchema,
  userPasswordResetSchema,
  userProfileEditedSchema,
  userRegisteredSchema,
  usernameClaimedSchema,
} from '../catalogue/user';

const userId = '0123456789abcdef0123456789abcdef';
const at = '2026-01-01T00:00:00.000Z';
/** A syntactically valid argon2id string; tests that verify passwords hash their own. */
export const aPasswordHash = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';

export const aUserRegistered = (
  data: Partial<z.infer<typeof userRegisteredSchema>> = {},
): StreamEventOf<{ UserRegistered: typeof userRegisteredSchema }> => ({
  type: 'UserRegistered',
  data: {
    userId,
    username: 'alice',
    email: 'alice@example.com',
    passwordHash: aPasswordHash,
    role: 'default_user',
    registeredAt: at,
    ...data,
  },
});

export const aUserLoggedIn = (
  data: Partial<z.infer<typeof userLoggedInSchema>> = {},
): StreamEventOf<{ UserLoggedIn: typeof userLoggedInSchema }> => ({
  type: 'UserLoggedIn',
  data: { userId, ip: '127.0.0.1', userAgent: 'test', loggedInAt: at, ...data },
});

export const aUserLoggedOut = (
  data: Partial<z.infer<typeof userLoggedOutSchema>> = {},
): StreamEventOf<{ UserLoggedOut: typeof userLoggedOutSchema }> => ({
  type: 'UserLoggedOut',
  data: { userId, sessionGeneration: 1, loggedOutAt: at, ...data },
});

export const aUserPasswordChanged = (
  data: Partial<z.infer<typeof userPasswordChangedSchema>> = {},
): StreamEventOf<{ UserPasswordChanged: typeof userPasswordChangedSchema }> => ({
  type: 'UserPasswordChanged',
  data: { userId, passwordHash: aPasswordHash, changedAt: at, ...data },
});

export const aUserPasswordReset = (
  data: Partial<z.infer<typeof userPasswordResetSchema>> = {},
): StreamEventOf<{ UserPasswordReset: typeof userPasswordResetSchema }> => ({
  type: 'UserPasswordReset',
  data: { userId, passwordHash: aPasswordHash, sessionGeneration: 1, resetAt: at, ...data },
});

export const aUserEmailChanged = (
  data: Partial<z.infer<typeof userEmailChangedSchema>> = {},
): StreamEventOf<{ UserEmailChanged: typeof userEmailChangedSchema }> => ({
  type: 'UserEmailChanged',
  data: { userId, email: 'alice@new.example.com', previousEmail: 'alice@example.com', changedAt: at, ...data },
});

export const aUserProfileEdited = (
  data: Partial<z.infer<typeof userProfileEditedSchema>> = {},
): StreamEventOf<{ UserProfileEdited: typeof userProfileEditedSchema }> => ({
  type: 'UserProfileEdited',
  data: {
    userId,
    nickname: 'Alice',
    realname: null,
    signature: null,
    blog: null,
    github: null,
    school: null,
    number: null,
    cfUsername: null,
    gender: 'secrecy',
    editedAt: at,
    ...data,
  },
});

export const aUsernameClaimed = (
  data: Partial<z.infer<typeof usernameClaimedSchema>> = {},
): StreamEventOf<{ UsernameClaimed: typeof usernameClaimedSchema }> => ({
  type: 'UsernameClaimed',
  data: { username: 'alice', userId, claimedAt: at, ...data },
});

export const anEmailClaimed = (
  data: Partial<z.infer<typeof emailClaimedSchema>> = {},
): StreamEventOf<{ EmailClaimed: typeof emailClaimedSchema }> => ({
  type: 'EmailClaimed',
  data: { email: 'alice@example.com', userId, claimedAt: at, ...data },
});
