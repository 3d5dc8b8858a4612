import { createPooledSandbox } from '../backend-runner';
import type { Sandbox } from '../sandbox';
import type { Slot, SlotPool } from '../slot-pool';
import { nsjailArgv, type NsjailTools } from './nsjail-argv';

/** Used only when asked for (JUDGE_SANDBOX=nsjail). Not exercised on this project's machines (nsjail is not in Debian). */
export function createNsjailSandbox(
  tools: NsjailTools,
  pool: SlotPool,
  freshBoxParent: (slot: Slot) => string,
): Sandbox {
  return createPooledSandbox(
    'nsjail',
    pool,
    (request, slot) => ({
      argv: nsjailArgv(tools, request, slot.uid, slot.cgroup.procsFiles),
      gated: false,
    }),
    { warmStarts: false, freshBoxParent },
  );
}
