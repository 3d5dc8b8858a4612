import type { z } from 'zod';
import type {
  EmailClaimed,
  UserEmailChanged,
  UserLoggedIn,
  UserLoggedOut,
  UserPasswordChanged,
  UserPasswordReset,
  UserProfileEdited,
  UserRegistered,
  UsernameClaimed,
} from '../catalogue/user';

type DataOf<Schema extends z.ZodType<{ data: unknown }>> = z.infer<Schema>['data'];

const userId = '0123456789abcdef0123456789abcdef';
const at = '2026-01-01T00:00:00.000Z';
/** A syntactically valid argon2id string; tests that verify passwords hash their own. */
export const aPasswordHash = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';

export const aUserRegistered = (data: Partial<DataOf<typeof UserRegistered>> = {}): z.infer<typeof UserRegistered> => ({
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

export const aUserLoggedIn = (data: Partial<DataOf<typeof UserLoggedIn>> = {}): z.infer<typeof UserLoggedIn> => ({
  type: 'UserLoggedIn',
  data: { userId, ip: '127.0.0.1', userAgent: 'test', loggedInAt: at, ...data },
});

export const aUserLoggedOut = (data: Partial<DataOf<typeof UserLoggedOut>> = {}): z.infer<typeof UserLoggedOut> => ({
  type: 'UserLoggedOut',
  data: { userId, sessionGeneration: 1, loggedOutAt: at, ...data },
});

export const aUserPasswordChanged = (
  data: Partial<DataOf<typeof UserPasswordChanged>> = {},
): z.infer<typeof UserPasswordChanged> => ({
  type: 'UserPasswordChanged',
  data: { userId, passwordHash: aPasswordHash, changedAt: at, ...data },
});

export const aUserPasswordReset = (
  data: Partial<DataOf<typeof UserPasswordReset>> = {},
): z.infer<typeof UserPasswordReset> => ({
  type: 'UserPasswordReset',
  data: { userId, passwordHash: aPasswordHash, sessionGeneration: 1, resetAt: at, ...data },
});

export const aUserEmailChanged = (
  data: Partial<DataOf<typeof UserEmailChanged>> = {},
): z.infer<typeof UserEmailChanged> => ({
  type: 'UserEmailChanged',
  data: { userId, email: 'alice@new.example.com', previousEmail: 'alice@example.com', changedAt: at, ...data },
});

export const aUserProfileEdited = (
  data: Partial<DataOf<typeof UserProfileEdited>> = {},
): z.infer<typeof UserProfileEdited> => ({
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
  data: Partial<DataOf<typeof UsernameClaimed>> = {},
): z.infer<typeof UsernameClaimed> => ({
  type: 'UsernameClaimed',
  data: { username: 'alice', userId, claimedAt: at, ...data },
});

export const anEmailClaimed = (data: Partial<DataOf<typeof EmailClaimed>> = {}): z.infer<typeof EmailClaimed> => ({
  type: 'EmailClaimed',
  data: { email: 'alice@example.com', userId, claimedAt: at, ...data },
});
