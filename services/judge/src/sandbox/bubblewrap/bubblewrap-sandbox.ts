import { createPooledSandbox } from '../backend-runner';
import type { Sandbox } from '../sandbox';
import type { Slot, SlotPool } from '../slot-pool';
import { bubblewrapArgv, type HostTools } from './bubblewrap-argv';

/**
 * bubblewrap per run under prlimit as the slot's uid, limits and measurements from the slot's cgroups; fresh
 * boxes are made under `freshBoxParent(slot)` (the slot's tmpfs).
 */
export function createBubblewrapSandbox(
  tools: HostTools,
  pool: SlotPool,
  warmStarts: boolean,
  seccompFilter: Uint8Array,
  freshBoxParent: (slot: Slot) => string,
): Sandbox {
  return createPooledSandbox(
    'bubblewrap',
    pool,
    (request, slot) => ({ argv: bubblewrapArgv(tools, request), gated: true, uid: slot.uid, seccompFilter }),
    { warmStarts, freshBoxParent },
  );
}
