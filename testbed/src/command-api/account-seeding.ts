import { randomUUID } from 'node:crypto';
import type { RoleName } from '@oj/events';
import { ensureRootUser, newUserId, registerAccount } from '@oj/command/testing';
import { argon2idHasher } from '@oj/platform';
import type { ApiHarness } from './api-harness';

/*
 * The accounts a command API test starts with, seeded as the submission and test-run tests each did by hand:
 * root (as `npm start` creates it) and users registered through the real registration, then logged in over HTTP.
 */

export const rootPassword = 'rootpass';
export const userPassword = 'secret1';

/** `[userId, username]`, or with a role other than default_user (e.g. `no_subimit_user`). */
export type TestAccount = readonly [userId: string, username: string, role?: RoleName];

export async function seedAccounts(harness: ApiHarness, accounts: readonly TestAccount[]): Promise<void> {
  await ensureRootUser({ store: harness.store, password: rootPassword });
  const passwordHash = await cheapHash(userPassword);
  for (const [userId, username, role] of accounts) {
    await registerTestAccount(harness, {
      userId,
      username,
      role,
      passwordHash,
      registeredAt: '2026-01-01T00:00:00.000Z',
    });
  }
}

/** An argon2id hash at a small cost: these tests are about what the accounts may do, not about hashing. */
export const cheapHash = (password: string): Promise<string> =>
  argon2idHasher({ memoryCost: 1024, timeCost: 1 }).hash(password);

/** One account straight through the registration command, with any role (the site only registers default users). */
export async function registerTestAccount(
  harness: ApiHarness,
  account: {
    readonly username: string;
    readonly passwordHash: string;
    readonly userId?: string;
    readonly role?: RoleName | undefined;
    readonly registeredAt?: string;
  },
): Promise<void> {
  const { username, passwordHash, userId = newUserId(), role = 'default_user' } = account;
  await registerAccount(
    { store: harness.store, newId: () => randomUUID(), awaitProjections: async () => undefined },
    { id: `test-${username}`, ip: '127.0.0.1', headers: {}, principal: null },
    {
      userId,
      username,
      email: `${username}@example.com`,
      passwordHash,
      role,
      registeredAt: account.registeredAt ?? new Date().toISOString(),
    },
  );
}

/** Logs each user in (root with its own password); the Authorization header each answer carries, by username. */
export async function logInAll(harness: ApiHarness, usernames: readonly string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const username of usernames) {
    const reply = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: username === 'root' ? rootPassword : userPassword },
    });
    tokens.set(username, String(reply.headers.authorization));
  }
  return tokens;
}
