import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { Clock } from '../clock/clock';
import { ApiError } from '../http/api-error';
import { platformMessages } from '../i18n/platform-messages';
import { postgresRateLimitStore } from './postgres-rate-limit-store';

/**
 * A refused request: HTTP 429 so proxies and scripts see a throttle, and HOJ's envelope with body status 403, the
 * status HOJ gives its own "too frequent" refusals (api-core §3 test_judge_lock), with the seconds to wait.
 */
export function tooManyRequests(secondsLeft: number): ApiError {
  return new ApiError(
    403,
    platformMessages.tooManyRequests,
    { seconds: Math.max(1, secondsLeft) },
    { httpStatus: 429 },
  );
}

/** The client's address, IPv6 taken by its /64 (one subscriber's block), as the library does by default. */
export const clientAddressOf = (request: FastifyRequest): string => normalizeIP(request.ip, 64);

/**
 * Registers `@fastify/rate-limit` in the caller's scope, counting in Postgres. Nothing is limited globally: a route
 * opts in with `config: { rateLimit: perAddress(…) }`, or takes an `attemptLimiter` for counts by account.
 */
export async function installAbuseLimits(
  app: FastifyInstance,
  dependencies: { readonly db: Kysely<Database>; readonly clock: Clock },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(dependencies.db, dependencies.clock),
    keyGenerator: (request) => `ip:${clientAddressOf(request)}`,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });
}

/** A route's limit per client address: `max` requests per window; routes naming one `group` share the count. */
export function perAddress(max: number, windowSeconds: number, group?: string): RateLimitOptions {
  return { max, timeWindow: windowSeconds * 1000, ...(group ? { groupId: group } : {}) };
}

export interface AttemptLimit {
  /** Names the counter (with `subject`, the key): e.g. 'sign-in-account'. */
  readonly name: string;
  /** Attempts counted within the window before the subject is locked (the max-th one locks). */
  readonly max: number;
  readonly windowSeconds: number;
  /** Each attempt past `max` doubles the lock, up to this many seconds (a growing delay); none when absent. */
  readonly growingLockUpToSeconds?: number;
  /** What is counted: an account, an address, a (user, contest) pair. */
  readonly subject: (request: FastifyRequest) => string;
}

export interface AttemptLimiter {
  /** Seconds until another attempt is allowed (0 when allowed); reading does not count. */
  secondsLocked(request: FastifyRequest): Promise<number>;
  /** Counts one attempt (usually a failure); returns the seconds locked after it. */
  count(request: FastifyRequest): Promise<number>;
}

/**
 * A counter of attempts that the route feeds itself (failures only, say), over the same plugin and store.
 * Must be created after `installAbuseLimits` in the same scope.
 */
export function attemptLimiter(app: FastifyInstance, limit: AttemptLimit): AttemptLimiter {
  const options = {
    // The library refuses once the count passes `max`; here the max-th counted attempt is the one that locks.
    max: limit.max - 1,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: (request: FastifyRequest) => `${limit.name}:${limit.subject(request)}`,
    ...(limit.growingLockUpToSeconds === undefined
      ? {}
      : { exponentialBackoff: true, maxLockMs: limit.growingLockUpToSeconds * 1000 }),
  };
  const check = app.createRateLimit(options);
  const secondsOf = (outcome: Awaited<ReturnType<typeof check>>) =>
    !outcome.isAllowed && outcome.isExceeded ? Math.max(1, outcome.ttlInSeconds) : 0;
  return {
    secondsLocked: async (request) => secondsOf(await check(request, { increment: false })),
    count: async (request) => secondsOf(await check(request)),
  };
}
