import type { EphemeralStore, LocalizedText } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';

/**
 * HOJ's per-user submit interval: a fixed window that the first request opens and refused attempts do not
 * extend (api-core §4 check 5, §9.20). Practice submits and owner resubmits share one window (security F6), so
 * alternating the two calls gains nothing; test runs have their own (api-core §4 submit-problem-test-judge).
 */
export async function claimSubmitWindow(
  ephemeral: EphemeralStore,
  lock: { readonly key: string; readonly intervalSeconds: number; readonly rejection: LocalizedText },
): Promise<void> {
  if (lock.intervalSeconds <= 0) return;
  const count = await ephemeral.increment(lock.key, lock.intervalSeconds, { renewTtl: false });
  if (count > 1) throw new CommandRejected(403, lock.rejection);
}

/** HOJ's Redis key for the practice submit window, kept so the name says what HOJ's operators know. */
export const practiceSubmitLockKey = (userId: string) => `submit_non_contest_lock:${userId}`;
