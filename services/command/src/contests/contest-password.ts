import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * A constant-time test of a sent contest password against the stored one (F9): both sides are hashed to the
 * same length first, so `timingSafeEqual` applies and the time tells nothing about a common prefix.
 */
export function contestPasswordMatcher(attempt: string): (stored: string) => boolean {
  const attempted = sha256(attempt);
  return (stored) => timingSafeEqual(attempted, sha256(stored));
}
