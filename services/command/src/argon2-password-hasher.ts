import argon2 from 'argon2';
import type { PasswordHasher } from './users/account-reads/users-dependencies';

/** argon2id (DESIGN, secrets) with the library's default cost; a malformed stored hash simply does not match. */
export const argon2PasswordHasher: PasswordHasher = argon2idHasher({});

/**
 * argon2id with a chosen cost. Tests use a small one (the same algorithm and code path, fewer CPU seconds on
 * a shared machine); verify reads the cost from the stored hash, so hashes of either cost verify anywhere.
 */
export function argon2idHasher(cost: { readonly memoryCost?: number; readonly timeCost?: number }): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { type: argon2.argon2id, ...cost }),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}
