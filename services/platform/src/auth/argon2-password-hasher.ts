import argon2 from 'argon2';
import { tooManyRequests } from '../rate-limit/abuse-limits';

/** Hashes and checks passwords; the command service hashes, sign-in and CCS basic auth verify. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/**
 * How many argon2 computations run at once, and how many may wait (F8). Each takes 64 MiB and one of libuv's four
 * threads, which file IO shares: two at a time leave the rest of the process its threads; past the queue, the
 * request is refused as too many, instead of piling up memory and latency during a login flood.
 */
export interface HashingLimits {
  readonly concurrent: number;
  readonly waiting: number;
}

export const defaultHashingLimits: HashingLimits = { concurrent: 2, waiting: 64 };

/** argon2id (DESIGN, secrets) with the library's default cost; a malformed stored hash simply does not match. */
export const argon2PasswordHasher: PasswordHasher = argon2idHasher({});

/**
 * argon2id with a chosen cost. Tests use a small one (the same algorithm and code path, fewer CPU seconds on
 * a shared machine); verify reads the cost from the stored hash, so hashes of either cost verify anywhere.
 */
export function argon2idHasher(
  cost: { readonly memoryCost?: number; readonly timeCost?: number },
  limits: HashingLimits = defaultHashingLimits,
): PasswordHasher {
  const limited = concurrencyLimit(limits);
  return {
    hash: (password) => limited(() => argon2.hash(password, { type: argon2.argon2id, ...cost })),
    verify: (hash, password) =>
      limited(async () => {
        try {
          return await argon2.verify(hash, password);
        } catch {
          return false;
        }
      }),
  };
}

/** Runs at most `concurrent` tasks at once, queues up to `waiting` more, and refuses the rest with HTTP 429. */
export function concurrencyLimit(limits: HashingLimits): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  // A finishing task hands its slot straight to the next waiter, so a newcomer can never slip in between.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return async (task) => {
    if (running < limits.concurrent) running++;
    else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
    else throw tooManyRequests(1);
    try {
      return await task();
    } finally {
      release();
    }
  };
}
