import { randomBytes, randomUUID } from 'node:crypto';
import type { EventStore } from '@oj/events';
import { argon2PasswordHasher, systemClock, type Clock } from '@oj/platform';
import type { AwaitProjections } from './handling/await-projection';
import { userIdByUsername } from './users/account-reads/account-lookup';
import { newUserId, registerAccount } from './users/registration.routes';

export interface EnsureRootUserOptions {
  readonly store: EventStore;
  /** ROOT_PASSWORD; when unset a password is generated and returned once. */
  readonly password?: string | undefined;
  readonly email?: string;
  readonly clock?: Clock;
  /** Pass the projections waiter to have the users read model hold root on return. */
  readonly awaitProjections?: AwaitProjections;
}

export type RootUserOutcome =
  | { readonly created: false }
  | { readonly created: true; readonly userId: string; readonly password: string; readonly generated: boolean };

/**
 * First start: creates the super admin `root` (role root, 1000) unless the username is already claimed.
 * Safe to call from several processes: the username claim admits one winner; the others see "taken".
 */
export async function ensureRootUser(options: EnsureRootUserOptions): Promise<RootUserOutcome> {
  if (await userIdByUsername(options.store, 'root')) return { created: false };
  const generated = options.password === undefined;
  const password = options.password ?? randomBytes(12).toString('base64url').slice(0, 16);
  const clock = options.clock ?? systemClock;
  const userId = newUserId();
  const dependencies = {
    store: options.store,
    newId: () => randomUUID(),
    awaitProjections: options.awaitProjections ?? (async () => undefined),
  };
  try {
    await registerAccount(
      dependencies,
      { id: `startup-${userId}`, ip: '127.0.0.1', headers: {}, principal: null },
      {
        userId,
        username: 'root',
        email: options.email ?? 'root@localhost',
        passwordHash: await argon2PasswordHasher.hash(password.trim()),
        role: 'root',
        registeredAt: clock.now().toISOString(),
      },
    );
  } catch (error) {
    if (await userIdByUsername(options.store, 'root')) return { created: false };
    throw error;
  }
  return { created: true, userId, password, generated };
}
