import { readFile } from 'node:fs/promises';

/**
 * How a slot keeps a program from swapping past its memory limit (issue 10, F16):
 * - 'limit': the cgroup counts swap (v1 memory.memsw.*, v2 memory.swap.max) and the judge limits it;
 * - 'no-swap': the machine has no active swap, so there is nothing to bound;
 * - 'swappiness-0': v1 without memsw: the slot's memory.swappiness is set to 0, so the kernel does not
 *   swap the slot's anonymous memory out while it can reclaim anything else;
 * - 'refuse': v2 without memory.swap.max while swap is active: v2 has no per-cgroup swappiness, so the
 *   judge will not start (turn swap accounting on, `swapaccount=1`, or swap off).
 */
export type SwapPolicy = 'limit' | 'no-swap' | 'swappiness-0' | 'refuse';

export function swapPolicy(facts: {
  readonly version: 'v1' | 'v2';
  readonly canLimitSwap: boolean;
  readonly swapIsActive: boolean;
}): SwapPolicy {
  if (facts.canLimitSwap) return 'limit';
  if (!facts.swapIsActive) return 'no-swap';
  return facts.version === 'v1' ? 'swappiness-0' : 'refuse';
}

/** Any swap device or file in use (/proc/swaps lists one per line after its header). */
export async function isSwapActive(): Promise<boolean> {
  const text = await readFile('/proc/swaps', 'utf8').catch(() => '');
  return text.trim().split('\n').length > 1;
}

export const swapRefusal =
  'cgroup v2 without memory.swap.max while swap is on: a program could swap past its memory limit. ' +
  'Boot with swap accounting (swapaccount=1) or turn swap off (swapoff -a).';
