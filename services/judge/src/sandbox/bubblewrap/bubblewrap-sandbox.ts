import { chown } from 'node:fs/promises';
import type { Sandbox, SandboxRunRequest } from '../sandbox';
import { leftoverProcesses } from '../leftover-processes';
import type { SlotPool } from '../slot-pool';
import { superviseRun } from '../supervise-run';
import { bubblewrapArgv, type HostTools } from './bubblewrap-argv';

/** The default backend: bubblewrap under setpriv and prlimit, limits and measurements from the slot's cgroups. */
export function createBubblewrapSandbox(tools: HostTools, pool: SlotPool): Sandbox {
  return {
    name: 'bubblewrap',
    slots: pool.size,
    async run(request: SandboxRunRequest) {
      const slot = await pool.acquire();
      try {
        if (request.writableBox) await chown(request.boxDir, slot.uid, slot.uid);
        return await superviseRun({ argv: bubblewrapArgv(tools, request, slot.uid), gated: true }, request, slot);
      } finally {
        pool.release(slot);
      }
    },
    leftoverProcesses: () => leftoverProcesses(pool),
    close: () => pool.close(),
  };
}
