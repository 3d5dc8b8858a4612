import argon2 from 'argon2';
import type { PasswordHasher } from './users/account-reads/users-dependencies';

/** argon2id (DESIGN, secrets); a malformed stored hash simply does not match. */
export const argon2PasswordHasher: PasswordHasher = {
  hash: (password) => argon2.hash(password, { type: argon2.argon2id }),
  async verify(hash, password) {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
};
