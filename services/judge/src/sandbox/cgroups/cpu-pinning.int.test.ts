import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../../config';
import { createWorkDir, removeWorkDir } from '../../languages/work-dir';
import { createSandbox, presentBackends } from '../create-sandbox';
import type { SandboxRunRequest } from '../sandbox';
import { parseCpuList } from './cpu-list';

const config = loadJudgeConfig();
const backends = (await presentBackends(config.hostPath)).filter((backend) => backend !== 'nsjail');

/** The CPUs the program may run on, as it sees them itself. */
const affinityOf = (stdout: Uint8Array | undefined) =>
  parseCpuList(/^Cpus_allowed_list:\s*(.*)$/m.exec(Buffer.from(stdout ?? new Uint8Array()).toString())?.[1] ?? 'x');

describe.each(backends)('pinning slots to CPUs (%s)', (backend) => {
  let workDir: string;
  const request = (): SandboxRunRequest => ({
    argv: ['/usr/bin/cat', '/proc/self/status'],
    boxDir: workDir,
    freshBoxIn: workDir,
    writableBox: true,
    limits: {
      cpuTimeMs: 1000,
      wallTimeMs: 5000,
      memoryKib: 64 * 1024,
      stackKib: 8192,
      processes: 8,
      outputBytes: 64 * 1024,
      fileSizeBytes: 1024,
    },
    stdin: { kind: 'ignore' },
    stdout: { kind: 'capture' },
    stderr: { kind: 'ignore' },
  });
  beforeAll(async () => {
    workDir = await createWorkDir(config.workRoot);
  });
  afterAll(async () => {
    await removeWorkDir(workDir);
  });

  it('confines each slot to one CPU, different CPUs for slots side by side, every run of the slot', async () => {
    const slots = Math.min(2, availableParallelism());
    const sandbox = await createSandbox({
      ...config,
      sandboxBackend: backend,
      sandboxSlots: slots,
      sandboxPinCpus: true,
    });
    try {
      const together = await sandbox.runTogether(Array.from({ length: slots }, request));
      const cpus = together.map((result) => affinityOf(result.stdout));
      for (const allowed of cpus) expect(allowed).toHaveLength(1);
      expect(new Set(cpus.map((allowed) => allowed[0])).size).toBe(slots);
      const again = await sandbox.runTogether(Array.from({ length: slots }, request));
      expect(again.map((result) => affinityOf(result.stdout)).sort()).toEqual([...cpus].sort());
    } finally {
      await sandbox.close();
    }
  });

  it('leaves every CPU to the program when not asked to pin', async () => {
    const sandbox = await createSandbox({ ...config, sandboxBackend: backend, sandboxSlots: 1, sandboxPinCpus: false });
    try {
      const result = await sandbox.run(request());
      expect(affinityOf(result.stdout)).toHaveLength(availableParallelism());
    } finally {
      await sandbox.close();
    }
  });
});
