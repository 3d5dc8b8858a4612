import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBoxDir } from '../../languages/work-dir';
import { capturedText, pooledBackendIsPresent, shellLimits, usePooledSandbox } from './testing/pooled-sandbox-fixture';

describe.skipIf(!pooledBackendIsPresent)('the pooled bubblewrap sandbox', () => {
  const pooled = usePooledSandbox();
  const { shell } = pooled;

  it('F16: refuses a mount source that is a symlink instead of binding what it points at', async () => {
    await writeFile(join(pooled.workDir, 'target.txt'), 'followed\n');
    await symlink(join(pooled.workDir, 'target.txt'), join(pooled.workDir, 'link.txt'));
    const request = shell('cat /box/x', {
      readOnlyMounts: [{ hostPath: join(pooled.workDir, 'link.txt'), sandboxPath: '/box/x' }],
    });
    await expect(pooled.sandbox.run(request)).rejects.toThrow(/could not prepare the run/);
    const direct = { hostPath: join(pooled.workDir, 'target.txt'), sandboxPath: '/box/x' };
    expect(capturedText((await pooled.sandbox.run(shell('cat /box/x', { readOnlyMounts: [direct] }))).stdout)).toBe(
      'followed\n',
    );
  });

  it("does not count the page cache an earlier run left in the slot as the next run's peak memory", async () => {
    const hostBox = await createBoxDir(pooled.workDir, 'cache-');
    const bigFile = { ...shellLimits, fileSizeBytes: 32 * 1024 * 1024 };
    const writer = await pooled.sandbox.run({
      ...shell('dd if=/dev/zero of=/box/big bs=1M count=16 2>/dev/null && echo written'),
      freshBoxIn: undefined,
      boxDir: hostBox,
      limits: bigFile,
    });
    expect(capturedText(writer.stdout)).toBe('written\n');
    // The 16 MiB are page cache charged to the slot's memory cgroup until it is emptied before the next run.
    const next = await pooled.sandbox.run(shell('true'));
    expect(next.peakMemoryKib).toBeLessThan(8 * 1024);
  });

  it('gives every run its own box, /tmp and IPC namespace, with nothing left from the run before', async () => {
    const first = await pooled.sandbox.run(
      shell('echo secret > /box/left; echo secret > /tmp/left; ls /dev/shm; exit 0', { keepFiles: ['left'] }),
    );
    expect(first.exitCode).toBe(0);
    const second = await pooled.sandbox.run(
      shell(
        'ls -A /box /tmp; ls -A /host; cat /proc/sysvipc/shm | wc -l; grep -E "^(CapEff|CapPrm|CapBnd|CapAmb|NoNewPrivs)" /proc/self/status',
      ),
    );
    expect(second.boxDir).not.toBe(first.boxDir);
    expect(first.boxDir && (await readdir(first.boxDir))).toEqual(['left']);
    const output = capturedText(second.stdout);
    expect(output).not.toContain('left');
    expect(output).toMatch(/CapEff:\s+0000000000000000/);
    expect(output).toMatch(/CapPrm:\s+0000000000000000/);
    // The run init emptied the bounding set once; every program inherits it empty.
    expect(output).toMatch(/CapBnd:\s+0000000000000000/);
    expect(output).toMatch(/CapAmb:\s+0000000000000000/);
    expect(output).toMatch(/NoNewPrivs:\s+1/);
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });

  it('copies out of a fresh box only the kept names that are regular files', async () => {
    const result = await pooled.sandbox.run(
      shell('echo kept > kept; echo other > other; ln -s /etc/passwd link; mkfifo fifo; mkdir dir; exit 0', {
        keepFiles: ['kept', 'link', 'fifo', 'dir', '../escape', 'missing'],
      }),
    );
    expect(result.exitCode).toBe(0);
    expect(result.boxDir && (await readdir(result.boxDir))).toEqual(['kept']);
    expect(result.boxDir && (await readFile(join(result.boxDir, 'kept'), 'utf8'))).toBe('kept\n');
  });

  it('keeps a fresh box to 16384 files (a tmpfs), whatever the host disk has', async () => {
    const hostEntries = await readdir(pooled.workDir);
    const result = await pooled.sandbox.run(
      // `true`, not `:`: a failed redirection of a special builtin ends a POSIX shell.
      shell('i=0; while true > "f$i" 2>/dev/null; do i=$((i+1)); done; echo "$i"', {
        limits: { ...shellLimits, cpuTimeMs: 10_000, wallTimeMs: 20_000 },
      }),
    );
    // The tmpfs's root is one of the 16384 inodes.
    expect(capturedText(result.stdout)).toBe('16383\n');
    // No file was asked for, so nothing of the box reaches the host disk (not even its dir), and none is reported.
    expect(result.boxDir).toBeUndefined();
    expect(await readdir(pooled.workDir)).toEqual(hostEntries);
  });

  it('runs the program as PID 2 of a fresh pid namespace that holds nothing of earlier runs', async () => {
    await pooled.sandbox.run(shell('(setsid sleep 100 > /dev/null 2>&1 &); exit 0'));
    const result = await pooled.sandbox.run(shell('ls /proc | grep -E "^[0-9]+$" | sort -n | tr "\\n" " "'));
    // 1 is the run's init, 2 the shell; then its own ls, grep, sort, tr: no sleep from the run before.
    const pids = capturedText(result.stdout).trim().split(' ').map(Number);
    expect(pids.slice(0, 2)).toEqual([1, 2]);
    expect(pids.length).toBeLessThanOrEqual(6);
  });

  it('keeps the run init between runs but undoes every mount of a run, and replaces the init after a kill', async () => {
    const mountCount = async () => {
      const result = await pooled.sandbox.run(shell('wc -l < /proc/self/mountinfo; echo $$'));
      const [count = '', pid = ''] = capturedText(result.stdout).trim().split('\n');
      return { count: Number(count), pid: Number(pid) };
    };
    const before = await mountCount();
    await writeFile(join(pooled.workDir, 'extra.txt'), 'x\n');
    const extra = { hostPath: join(pooled.workDir, 'extra.txt'), sandboxPath: '/box/extra' };
    for (let i = 0; i < 3; i += 1) await pooled.sandbox.run(shell('cat /box/extra', { readOnlyMounts: [extra] }));
    expect(await mountCount()).toEqual(before);
    // A run ended by a limit costs its init (and its namespaces); the next one is built the same way.
    const killed = await pooled.sandbox.run(shell('sleep 100', { limits: { ...shellLimits, wallTimeMs: 200 } }));
    expect(killed.limitHit).toBe('wall');
    expect(await mountCount()).toEqual({ count: before.count, pid: 2 });
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });

  it('streams a stdin file through and caps stdout exactly', async () => {
    const input = join(pooled.workDir, 'big.in');
    const content = Buffer.alloc(3 * 1024 * 1024, 'ab');
    await writeFile(input, content);
    const echoed = await pooled.sandbox.run(shell('cat', { stdin: { kind: 'file', path: input } }));
    expect(echoed).toMatchObject({ exitCode: 0, limitHit: null, stdoutBytes: content.length });
    expect(Buffer.from(echoed.stdout ?? new Uint8Array()).equals(content)).toBe(true);
    const flood = await pooled.sandbox.run(shell('head -c 100000000 /dev/zero'));
    expect(flood).toMatchObject({ limitHit: 'output', stdoutBytes: shellLimits.outputBytes });
  });

  it('stops a program that loops without reading a large stdin at a time limit', async () => {
    const input = join(pooled.workDir, 'unread.in');
    await writeFile(input, Buffer.alloc(12 * 1024 * 1024, 'x'));
    const result = await pooled.sandbox.run(shell('while :; do :; done', { stdin: { kind: 'file', path: input } }));
    // The CPU watchdog signals the init, which ends the run; on a busy machine the wall clock may come first.
    expect(['cpu', 'wall']).toContain(result.limitHit);
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });

  it("ends a run streamed by the judge at its CPU limit through the init, and a program's own SIGUSR1 to the init ends nothing", async () => {
    // A stdin over a batch's 4 MiB makes it a run the judge streams ('R'): its CPU watchdog signals the init.
    const input = join(pooled.workDir, 'streamed.in');
    await writeFile(input, Buffer.alloc(5 * 1024 * 1024, 'x'));
    const streamed = { stdin: { kind: 'file' as const, path: input } };
    const spin = await pooled.sandbox.run(
      shell('while :; do :; done', { ...streamed, limits: { ...shellLimits, cpuTimeMs: 300, wallTimeMs: 30000 } }),
    );
    expect(spin).toMatchObject({ limitHit: 'cpu', exitCode: null, signal: 'SIGKILL' });
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
    // The init counts the signal only from outside the run's pid namespace.
    const own = await pooled.sandbox.run(shell('kill -USR1 1 && sleep 0.2 && echo alive', streamed));
    expect(own).toMatchObject({ exitCode: 0, limitHit: null });
    expect(capturedText(own.stdout)).toBe('alive\n');
  });

  it('reports exit codes and signals of the program itself', async () => {
    expect(await pooled.sandbox.run(shell('exit 3'))).toMatchObject({ exitCode: 3, signal: null, limitHit: null });
    expect(await pooled.sandbox.run(shell('kill -SEGV $$'))).toMatchObject({ exitCode: null, signal: 'SIGSEGV' });
  });

  it('keeps single runs in flight together in one slot, each in its own view, and a killed one ends only itself', async () => {
    // Called together on one slot: the runs after the first are pipelined behind it (slot-pipelines.ts).
    const leave = 'echo left > /box/left; echo left > /tmp/left; (sleep 30 &) ; ';
    // The processes are counted by the shell's own glob: `ls /proc | grep` raced grep's fork against ls's read.
    const look = 'ls -A /box /tmp; cat /proc/sysvipc/shm | wc -l; set -- /proc/[0-9]*; echo $#';
    const [first, killed, second, third] = await Promise.all([
      pooled.sandbox.run(shell(`${leave}echo first`)),
      pooled.sandbox.run(shell(`${leave}sleep 10`, { limits: { ...shellLimits, wallTimeMs: 300 } })),
      pooled.sandbox.run(shell(`${look}; ${leave}echo second`)),
      pooled.sandbox.run(shell(look)),
    ]);
    expect(capturedText(first?.stdout)).toBe('first\n');
    expect(killed?.limitHit).toBe('wall');
    // Nothing of the runs before is seen: no file, no SysV object (the header line only), no daemon (the
    // init and the shell are the namespace's 2 processes).
    for (const result of [second, third]) {
      expect(result?.exitCode).toBe(0);
      expect(capturedText(result?.stdout).split('\n').slice(0, 5)).toEqual(['/box:', '', '/tmp:', '1', '2']);
    }
    expect(capturedText(second?.stdout)).toMatch(/second\n$/);
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });

  it('fails a pipelined run that cannot be prepared on its own, after the runs in flight with it reported', async () => {
    await symlink('/etc/hostname', join(pooled.workDir, 'pipelined-link'));
    const refused = shell('true', {
      readOnlyMounts: [{ hostPath: join(pooled.workDir, 'pipelined-link'), sandboxPath: '/box/x' }],
    });
    const [before, failed, after, last] = await Promise.allSettled([
      pooled.sandbox.run(shell('echo before')),
      pooled.sandbox.run(refused),
      pooled.sandbox.run(shell('echo after')),
      pooled.sandbox.run(shell('echo last')),
    ]);
    expect(failed).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/could not prepare/) },
    });
    for (const [settled, text] of [
      [before, 'before\n'],
      [after, 'after\n'],
      [last, 'last\n'],
    ] as const) {
      expect(settled.status === 'fulfilled' && capturedText(settled.value.stdout)).toBe(text);
    }
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });

  it('starts a new supervisor when the slot lost its own', async () => {
    const before = await pooled.sandbox.run(shell('id -u'));
    const uid = capturedText(before.stdout).trim();
    let killed = 0;
    for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (/^Uid:\s+(\d+)/m.exec(status)?.[1] === uid && cmdline.startsWith('/run-supervisor')) {
        process.kill(Number(pid), 'SIGKILL');
        killed += 1;
      }
    }
    expect(killed).toBe(1);
    const after = await pooled.sandbox.run(shell('echo again'));
    expect(capturedText(after.stdout)).toBe('again\n');
    expect(await pooled.sandbox.leftoverProcesses()).toEqual([]);
  });
});
