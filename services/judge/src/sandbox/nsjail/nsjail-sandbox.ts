import { chown } from 'node:fs/promises';
import { leftoverProcesses } from '../leftover-processes';
import type { Sandbox, SandboxRunRequest } from '../sandbox';
import type { SlotPool } from '../slot-pool';
import { superviseRun } from '../supervise-run';
import { nsjailArgv, type NsjailTools } from './nsjail-argv';

/** Used when `nsjail` is on PATH. Not exercised on this project's machines (nsjail is not in Debian). */
export function createNsjailSandbox(tools: NsjailTools, pool: SlotPool): Sandbox {
  return {
    name: 'nsjail',
    slots: pool.size,
    async run(request: SandboxRunRequest) {
      const slot = await pool.acquire();
      try {
        if (request.writableBox) await chown(request.boxDir, slot.uid, slot.uid);
        const argv = nsjailArgv(tools, request, slot.uid, slot.cgroup.procsFiles);
        return await superviseRun({ argv, gated: false }, request, slot);
      } finally {
        pool.release(slot);
      }
    },
    leftoverProcesses: () => leftoverProcesses(pool),
    close: () => pool.close(),
  };
}
