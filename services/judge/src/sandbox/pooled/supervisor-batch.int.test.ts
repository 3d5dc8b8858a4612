import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturedText, pooledBackendIsPresent, shellLimits, usePooledSandbox } from './testing/pooled-sandbox-fixture';

/**
 * Batches (Sandbox.runBatch; ./supervisor-batch.ts): the supervisor starts each run, reads its cgroups
 * and watches its CPU time itself. Every property of a single run holds for each run of a batch.
 */
describe.skipIf(!pooledBackendIsPresent)('the pooled bubblewrap sandbox, in batches', () => {
  const pooled = usePooledSandbox();
  const { shell } = pooled;

  it('gives each run its own box, /tmp, IPC namespace and pid namespace, and reports each in order', async () => {
    const heard: number[] = [];
    const results = await pooled.sandbox.runBatch(
      [
        shell(
          'echo secret > /box/left; echo secret > /tmp/left; ipcmk -M 4096 >/dev/null; (setsid sleep 100 >/dev/null 2>&1 &); exit 0',
          {
            keepFiles: ['left'],
          },
        ),
        shell(
          'echo "box=$(ls -A /box | wc -l) tmp=$(ls -A /tmp | wc -l) shm=$(tail -n +2 /proc/sysvipc/shm | wc -l) me=$$"; ls /proc',
        ),
        shell('exit 3'),
        shell('kill -SEGV $$'),
      ],
      (result, index) => heard.push(index),
    );
    expect(heard).toEqual([0, 1, 2, 3]);
    const [first, second, third, fourth] = results;
    expect(first?.exitCode).toBe(0);
    expect(first?.boxDir && (await readdir(first.boxDir))).toEqual(['left']);
    expect(second?.boxDir).not.toBe(first?.boxDir);
    // An empty /box and /tmp, no SysV segment, the shell as PID 2 and no sleeper of the run before.
    const [summary = '', ...entries] = capturedText(second?.stdout).trim().split('\n');
    expect(summary).toBe('box=0 tmp=0 shm=0 me=2');
    const pids = entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
    // 1 the init, 2 the shell, and the ls itself.
    expect(pids.sort((a, b) => a - b).slice(0, 2)).toEqual([1, 2]);
    expect(pids).toHaveLength(3);
    expect(third).toMatchObject({ exitCode: 3, signal: null, limitHit: null });
    expect(fourth).toMatchObject({ exitCode: null, signal: 'SIGSEGV' });
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });

  it('keeps every limit and every cgroup reading per run, before and after a run ended by one', async () => {
    const tight = { ...shellLimits, cpuTimeMs: 300, wallTimeMs: 5000 };
    const results = await pooled.sandbox.runBatch([
      shell('while :; do :; done', { limits: tight }),
      shell('true', { limits: tight }),
      // Its CPU limit as the hog's: a slow host spent more than 300 ms of CPU moving 140 MB through pipes.
      shell('head -c 40000000 /dev/zero | tail -c 1 > /dev/null; exec cat /dev/zero | head -c 100000000 > /dev/null', {
        limits: { ...tight, cpuTimeMs: 5000 },
      }),
      shell('x=$(head -c 100000000 /dev/zero | tr "\\0" a); echo ${#x}', { limits: { ...tight, cpuTimeMs: 5000 } }),
      shell('sleep 100', { limits: { ...tight, wallTimeMs: 200 } }),
      shell('head -c 100000000 /dev/zero', { limits: tight }),
      shell('cat; echo " and more"', { limits: tight, stdin: { kind: 'bytes', content: 'given stdin' } }),
      shell('i=0; while [ $i -lt 20 ]; do sleep 1 & i=$((i+1)); done; wait', { limits: tight }),
      shell('true', { limits: tight }),
    ]);
    const [spin, after, reader, hog, sleeper, flood, stdin, forks, last] = results;
    expect(spin).toMatchObject({ limitHit: 'cpu', signal: 'SIGKILL' });
    expect(spin?.cpuTimeMs).toBeGreaterThanOrEqual(300);
    // The next run starts from zero: none of the killed run's CPU time or memory is its own.
    expect(after).toMatchObject({ exitCode: 0, limitHit: null });
    expect(after?.cpuTimeMs).toBeLessThan(50);
    expect(after?.peakMemoryKib).toBeLessThan(8 * 1024);
    expect(reader?.limitHit).toBeNull();
    expect(hog?.limitHit).toBe('memory');
    expect(sleeper).toMatchObject({ limitHit: 'wall', signal: 'SIGKILL' });
    expect(flood).toMatchObject({ limitHit: 'output', stdoutBytes: shellLimits.outputBytes });
    expect(capturedText(stdin?.stdout)).toBe('given stdin and more\n');
    expect(forks?.limitHit).toBe('processes');
    expect(last).toMatchObject({ exitCode: 0, limitHit: null });
    expect(last?.peakMemoryKib).toBeLessThan(8 * 1024);
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });

  it('rejects with the error of a run that cannot start, after reporting the runs before it', async () => {
    await writeFile(join(pooled.workDir, 'real.txt'), 'real\n');
    await symlink(join(pooled.workDir, 'real.txt'), join(pooled.workDir, 'batch-link.txt'));
    const heard: string[] = [];
    const batch = pooled.sandbox.runBatch(
      [
        shell('echo before'),
        shell('cat /box/x', {
          readOnlyMounts: [{ hostPath: join(pooled.workDir, 'batch-link.txt'), sandboxPath: '/box/x' }],
        }),
        shell('echo after'),
      ],
      (result) => heard.push(capturedText(result.stdout)),
    );
    await expect(batch).rejects.toThrow(/could not prepare the run/);
    expect(heard).toEqual(['before\n']);
    expect(capturedText((await pooled.sandbox.runBatch([shell('echo again')]))[0]?.stdout)).toBe('again\n');
  });

  /** SIGKILLs the slot's supervisor from outside; how many it found. */
  async function killSupervisor(uid: string): Promise<number> {
    let killed = 0;
    for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (/^Uid:\s+(\d+)/m.exec(status)?.[1] === uid && cmdline.startsWith('/run-supervisor')) {
        process.kill(Number(pid), 'SIGKILL');
        killed += 1;
      }
    }
    return killed;
  }

  it('finishes a batch whose supervisor died in the middle, from the first run that did not report', async () => {
    const uid = capturedText((await pooled.sandbox.run(shell('id -u'))).stdout).trim();
    const heard: string[] = [];
    let killing: Promise<number> | undefined;
    const results = await pooled.sandbox.runBatch(
      ['one', 'two', 'three'].map((word) => shell(`sleep 0.3; echo ${word}`)),
      (result) => {
        heard.push(capturedText(result.stdout));
        killing ??= killSupervisor(uid); // while the second run sleeps
      },
    );
    expect(await killing).toBe(1);
    expect(results.map((result) => capturedText(result.stdout))).toEqual(['one\n', 'two\n', 'three\n']);
    expect(heard).toEqual(results.map((result) => capturedText(result.stdout)));
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });
});
