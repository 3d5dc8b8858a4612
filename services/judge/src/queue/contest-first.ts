import type { QueuePriority } from './judge-queue';

/** What a free slot sees of the contest queue (its consumer's info) just before it pulls. */
export interface ContestQueueGlance {
  /** Tasks never delivered yet (num_pending). */
  readonly undelivered: number;
  /** Tasks out for delivery (num_ack_pending): being judged now, or waiting to be redelivered. */
  readonly outForDelivery: number;
  /** Since this slot last pulled from the contest queue (Infinity if never). */
  readonly msSinceAsked: number;
}

/**
 * How often a slot looks for contest redeliveries while normal work keeps it busy: each look that finds
 * nothing costs the slot 1 s, about 3 % of it at this interval (docs/judging.md has the measurement). A dead
 * worker's task has already waited ack_wait (30 s) to come back, so this doubles that wait at worst.
 */
export const contestRecheckMs = 30_000;

/**
 * Whether a free slot pulls from the contest queue before the normal one (HOJ: contest first; normal work is
 * taken whenever no contest task is waiting, so it is never starved). A contest task that is due again (its
 * worker died, or it was sent back after a system error) shows only as out for delivery, like the contest
 * tasks being judged right now, and a pull that finds nothing costs the client's minimum wait of 1 s; so for
 * those the slot asks at most every contestRecheckMs, which bounds both a redelivery's wait behind normal work
 * and the normal work's cost.
 */
export function asksContestFirst(glance: ContestQueueGlance): boolean {
  if (glance.undelivered > 0) return true;
  return glance.outForDelivery > 0 && glance.msSinceAsked >= contestRecheckMs;
}

/**
 * Which queue a free slot waits on when neither has a task for it. A pull waits up to 1 s and does not see the
 * other queue meanwhile, so with one queue watched by every slot, an idle judge would take up to 1 s to start a
 * task of the other kind. With two or more slots, even slots wait on the contest queue and odd slots on the
 * normal one, so an idle judge starts either kind at once; a single slot keeps watching the normal queue.
 */
export function queueWatchedWhenIdle(slotIndex: number, slots: number): QueuePriority {
  return slots >= 2 && slotIndex % 2 === 0 ? 'contest' : 'normal';
}
