import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../config';
import { createWorkDir, removeWorkDir } from '../languages/work-dir';
import { bubblewrapArgv } from './bubblewrap/bubblewrap-argv';
import { detectCgroupHierarchy } from './cgroups/cgroup-hierarchy';
import { createSandbox, findExecutable } from './create-sandbox';
import type { Sandbox, SandboxRunRequest } from './sandbox';
import { encodeSyscallFilter } from './seccomp/syscall-filter';
import { createSlotPool } from './slot-pool';
import { startWarmLauncher } from './warm-launchers';

const config = loadJudgeConfig();
const limits = {
  cpuTimeMs: 1000,
  wallTimeMs: 3000,
  memoryKib: 64 * 1024,
  stackKib: 8192,
  processes: 8,
  outputBytes: 1024,
  fileSizeBytes: 1024,
};

describe('warm starts', () => {
  let sandbox: Sandbox;
  let workDir: string;
  let request: SandboxRunRequest;
  beforeAll(async () => {
    sandbox = await createSandbox({
      ...config,
      sandboxBackend: 'bubblewrap',
      sandboxSlots: 1,
      sandboxWarmStarts: true,
    });
    workDir = await createWorkDir(config.workRoot);
    request = {
      argv: ['/usr/bin/sh', '-c', 'echo ran > /box/marker; cat'],
      boxDir: workDir,
      freshBoxIn: workDir,
      writableBox: true,
      limits,
      stdin: { kind: 'bytes', content: 'hello' },
      stdout: { kind: 'capture' },
      stderr: { kind: 'capture' },
    };
  });
  afterAll(async () => {
    await sandbox.close();
    await removeWorkDir(workDir);
  });

  it('runs the third request of a shape seen twice in a row in a launcher started ahead', async () => {
    const first = await sandbox.run(request);
    const repeated = await sandbox.run(request);
    const inputFile = join(workDir, 'again.in');
    await writeFile(inputFile, 'again');
    const second = await sandbox.run({ ...request, stdin: { kind: 'file', path: inputFile } });
    expect(first).toMatchObject({ exitCode: 0, launch: 'cold' });
    expect(repeated).toMatchObject({ exitCode: 0, launch: 'cold' });
    expect(second).toMatchObject({ exitCode: 0, launch: 'warm' });
    expect(Buffer.from(second.stdout ?? new Uint8Array()).toString()).toBe('again');
    expect(second.boxDir && existsSync(join(second.boxDir, 'marker'))).toBe(true);
    expect(second.boxDir).not.toBe(first.boxDir);
    expect(await sandbox.leftoverProcesses()).toEqual([]);
  });

  it('starts cold when the shape changes, and a warm launcher never leaks into another shape', async () => {
    await sandbox.run(request);
    const other = await sandbox.run({ ...request, argv: ['/usr/bin/sh', '-c', 'cat; echo other'] });
    expect(other).toMatchObject({ exitCode: 0, launch: 'cold' });
    expect(Buffer.from(other.stdout ?? new Uint8Array()).toString()).toBe('helloother\n');
  });

  it('contains a fork bomb in a warm launcher as in a cold one', async () => {
    const bomb: SandboxRunRequest = {
      ...request,
      argv: ['/usr/bin/sh', '-c', 'bomb() { bomb | bomb & }; bomb; sleep 100'],
      limits: { ...limits, wallTimeMs: 1000, processes: 16 },
    };
    const runs = [await sandbox.run(bomb), await sandbox.run(bomb), await sandbox.run(bomb)];
    expect(runs.map((run) => run.launch)).toEqual(['cold', 'cold', 'warm']);
    for (const run of runs) expect(['processes', 'cpu', 'wall']).toContain(run.limitHit);
    expect(await sandbox.leftoverProcesses()).toEqual([]);
  });

  it('enforces the memory and output limits and kills daemons in a warm launcher', async () => {
    const thrice = async (argv: string[], runLimits = limits) => {
      const shaped = { ...request, argv, limits: runLimits, stdin: { kind: 'ignore' } as const };
      const runs = [await sandbox.run(shaped), await sandbox.run(shaped), await sandbox.run(shaped)];
      expect(runs.map((run) => run.launch)).toEqual(['cold', 'cold', 'warm']);
      expect(await sandbox.leftoverProcesses()).toEqual([]);
      return runs;
    };
    // tail keeps a whole line in memory, and /dev/zero has no newline. Time to spare: a slow host spent over 1 s of
    // CPU piping the first 64 MB.
    const roomy = { ...limits, cpuTimeMs: 10_000, wallTimeMs: 20_000 };
    for (const run of await thrice(['/usr/bin/sh', '-c', 'head -c 2000000000 /dev/zero | tail -n 1'], roomy)) {
      expect(run.limitHit).toBe('memory');
    }
    for (const run of await thrice(['/usr/bin/head', '-c', '100000000', '/dev/zero'])) {
      expect(run).toMatchObject({ limitHit: 'output', stdoutBytes: 1024 });
    }
    for (const run of await thrice(['/usr/bin/sh', '-c', '(setsid sleep 100 > /dev/null 2>&1 &); exit 0'])) {
      expect(run).toMatchObject({ exitCode: 0, limitHit: null });
    }
  });

  it('leaves no process behind after close, warm launchers included', async () => {
    const sandboxToClose = await createSandbox({
      ...config,
      sandboxBackend: 'bubblewrap',
      sandboxSlots: 1,
      sandboxWarmStarts: true,
    });
    await sandboxToClose.run(request);
    await sandboxToClose.run(request);
    await sandboxToClose.close();
    expect(await sandboxToClose.leftoverProcesses()).toEqual([]);
  });

  it('does not run the program when its judge dies while the launcher waits (fd 4 closes unwritten)', async () => {
    const pool = await createSlotPool({
      hierarchy: await detectCgroupHierarchy(),
      size: 1,
      uidBase: config.sandboxUidBase,
      uidCount: config.sandboxUidCount,
      cgroupPrefix: config.cgroupPrefix,
    });
    const tools = {
      prlimit: (await findExecutable('prlimit', config.hostPath)) ?? 'prlimit',
      bwrap: (await findExecutable('bwrap', config.hostPath)) ?? 'bwrap',
    };
    const [slot] = await pool.acquire(1);
    if (!slot) throw new Error('no slot');
    const warm = await startWarmLauncher(
      (shaped, owner) => ({
        argv: bubblewrapArgv(tools, shaped),
        gated: true,
        uid: owner.uid,
        seccompFilter: encodeSyscallFilter(),
      }),
      { ...request, freshBoxIn: workDir },
      slot,
    );
    (warm.launched.child.stdio[4] as Writable).destroy();
    const [exitCode] = await warm.launched.closed;
    expect(exitCode).not.toBe(0);
    expect(existsSync(join(warm.boxDir, 'marker'))).toBe(false);
    await slot.cgroup.finish();
    await rm(warm.boxDir, { recursive: true, force: true });
    pool.release([slot]);
    await pool.close();
  });
});
