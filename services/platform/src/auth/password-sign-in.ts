import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userStream, usernameClaimStream, type EventStore, userEvents, usernameClaimEvents } from '@oj/events';
import { attemptLimiter, clientAddressOf, tooManyRequests, type AttemptLimiter } from '../rate-limit/abuse-limits';
import type { PasswordHasher } from './argon2-password-hasher';

/**
 * The one password check behind every way of signing in with a password: the command service's /login and
 * /admin/login, and the query service's HTTP basic auth on the ICPC Contest API (docs/ccs.md). Both count in the
 * same limiters (same names, so the same keys in the shared rate-limit store) and verify with the same
 * concurrency-limited argon2, so basic auth is no side door around the sign-in lock (F8).
 */

/**
 * F8: per address, failed sign-ins of any names (password spraying); per account, from any address: past HOJ's
 * 20, every further failure doubles a lock, from 30 minutes up to 4 hours (a distributed brute force).
 */
export const signInAddressFailureLimit = { max: 30, windowSeconds: 900 } as const;
export const signInAccountFailureLimit = { max: 20, windowSeconds: 1800, growingLockUpToSeconds: 14_400 } as const;

export interface SignInLimiters {
  readonly byAddress: AttemptLimiter;
  readonly byAccount: AttemptLimiter;
}

/**
 * The sign-in limiters in the caller's scope (after `installAbuseLimits`). `accountOf` reads the account name
 * the request tries (a login body, a basic-auth header), lower-cased so every route counts one account once.
 */
export function signInLimiters(app: FastifyInstance, accountOf: (request: FastifyRequest) => string): SignInLimiters {
  return {
    byAddress: attemptLimiter(app, { name: 'sign-in-address', ...signInAddressFailureLimit, subject: clientAddressOf }),
    byAccount: attemptLimiter(app, {
      name: 'sign-in-account',
      ...signInAccountFailureLimit,
      subject: (request) => accountOf(request).trim().toLowerCase(),
    }),
  };
}

/** An account's id and password hash by its username; null when no account holds the name. */
export type FindCredentials = (username: string) => Promise<{ userId: string; passwordHash: string } | null>;

/**
 * Credentials straight from the event store (the username claim, then the user stream): password hashes never
 * reach a read model, and a sign-in right after a registration does not wait for a projection.
 */
export function credentialsFromStore(store: EventStore): FindCredentials {
  return async (username) => {
    let userId: string | null = null;
    for (const event of await store.readStream(usernameClaimStream(username))) {
      const claim = usernameClaimEvents.safeParse({ type: event.type, data: event.data });
      if (claim.success) userId = claim.data.type === 'UsernameClaimed' ? claim.data.data.userId : null;
    }
    if (userId === null) return null;
    let passwordHash: string | null = null;
    for (const event of await store.readStream(userStream(userId))) {
      const parsed = userEvents.safeParse({ type: event.type, data: event.data });
      if (!parsed.success) continue;
      const user = parsed.data;
      if (user.type === 'UserRegistered' || user.type === 'UserPasswordChanged' || user.type === 'UserPasswordReset') {
        passwordHash = user.data.passwordHash;
      }
    }
    return passwordHash === null ? null : { userId, passwordHash };
  };
}

export interface PasswordSignIn {
  readonly limiters: SignInLimiters;
  readonly findCredentials: FindCredentials;
  readonly passwords: Pick<PasswordHasher, 'verify'>;
}

export type PasswordCheck =
  | { readonly outcome: 'signed-in'; readonly userId: string }
  | { readonly outcome: 'unknown-account' }
  | { readonly outcome: 'wrong-password'; readonly userId: string };

/**
 * Checks a username and password under the sign-in limits; throws HTTP 429 while the address or the account is
 * locked. Failures count for the address; a known account's failures count for it too (an unknown name does not,
 * or anyone could lock a name: api-core §9 quirk 5). A try while the account is locked counts as well, which is
 * what grows its lock, and runs no argon2.
 */
export async function checkPassword(
  { limiters, findCredentials, passwords }: PasswordSignIn,
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<PasswordCheck> {
  const addressLocked = await limiters.byAddress.secondsLocked(request);
  if (addressLocked > 0) throw tooManyRequests(addressLocked);
  const credentials = await findCredentials(username);
  if (!credentials) {
    await limiters.byAddress.count(request);
    return { outcome: 'unknown-account' };
  }
  const accountLocked = await limiters.byAccount.secondsLocked(request);
  if (accountLocked > 0) throw tooManyRequests(await limiters.byAccount.count(request));
  if (await passwords.verify(credentials.passwordHash, password)) {
    return { outcome: 'signed-in', userId: credentials.userId };
  }
  await limiters.byAddress.count(request);
  await limiters.byAccount.count(request);
  return { outcome: 'wrong-password', userId: credentials.userId };
}

/** The username and password of an `Authorization: Basic …` header; null for any other or a malformed one. */
export function basicCredentialsOf(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
