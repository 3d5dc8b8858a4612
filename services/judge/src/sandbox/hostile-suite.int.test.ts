/* eslint-disable max-lines -- the hostile suite: one case per attack, run on every sandbox backend. */
import { createServer, type Server } from 'node:net';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../config';
import { compileProgram } from '../languages/compile-program';
import type { LanguageRecord } from '../languages/language';
import { c } from '../languages/records/c';
import { cpp } from '../languages/records/cpp';
import { runProgram, type RunProgramOptions } from '../languages/run-program';
import { createWorkDir, removeWorkDir } from '../languages/work-dir';
import { createSandbox, presentBackends, type SandboxBackend } from './create-sandbox';
import type { Sandbox } from './sandbox';
import { asBatches } from './testing/as-batches';
import { hostLacksI386Entry } from './testing/host-i386-entry';

const config = loadJudgeConfig();
const present = await presentBackends(config.hostPath);
const mib = 1024;
const hostileDir = join(import.meta.dirname, 'hostile');
/** Tight limits keep the suite fast: CPU 1 s, wall 2 s, 256 MB, 32 processes, 1 MiB of stdout. */
const tight: Pick<RunProgramOptions, 'limits' | 'sandboxLimits'> = {
  limits: { timeLimitMs: 800, memoryLimitKib: 156 * mib },
  sandboxLimits: { wallTimeMs: 2000, processes: 32, outputBytes: 1024 * 1024, fileSizeBytes: 1024 * 1024 },
};

/** A backend whose tool is missing here is skipped, and says why in its name (nsjail is not packaged in Debian). */
const skipReason = (backend: SandboxBackend) =>
  present.includes(backend) ? '' : ` (skipped: ${backend} is not installed on this machine)`;
/** Every case again on the pooled backend's batch path: the supervisor's own cgroup readings and CPU watchdog. */
const batched = ', each run as a batch (runBatch)';
const backends = [
  ...(['bubblewrap', 'bubblewrap-pooled', 'nsjail'] as SandboxBackend[]).map(
    (backend) => [backend, skipReason(backend)] as const,
  ),
  ['bubblewrap-pooled', skipReason('bubblewrap-pooled') || batched] as const,
];

describe.each(backends)('the hostile suite on %s%s', (backend, note) => {
  const isPresent = present.includes(backend);
  let sandbox: Sandbox;
  let workDir: string;
  const artifacts = new Map<string, string>();

  async function compileHostile(file: string, language: LanguageRecord = c) {
    return compileProgram(sandbox, language, await readFile(join(hostileDir, file), 'utf8'), workDir);
  }

  async function runHostile(file: string, options: Partial<RunProgramOptions> = {}) {
    let artifactsDir = artifacts.get(file);
    if (!artifactsDir) {
      const compiled = await compileHostile(file);
      expect(compiled.ok, compiled.compilerOutput).toBe(true);
      artifactsDir = compiled.artifactsDir;
      artifacts.set(file, artifactsDir);
    }
    const { result } = await runProgram(sandbox, c, artifactsDir, {
      ...tight,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'capture' },
      ...options,
    });
    expect(await sandbox.leftoverProcesses()).toEqual([]);
    return { ...result, output: Buffer.from(result.stdout ?? new Uint8Array()).toString() };
  }

  beforeAll(async () => {
    if (!isPresent) return;
    const created = await createSandbox({ ...config, sandboxBackend: backend, sandboxSlots: 1 });
    sandbox = note === batched ? asBatches(created) : created;
    workDir = await createWorkDir(config.workRoot);
  });
  afterAll(async () => {
    if (!isPresent) return;
    await sandbox.close();
    await removeWorkDir(workDir);
  });

  it.skipIf(!isPresent)('contains a fork bomb within the process limit and leaves nothing behind', async () => {
    const result = await runHostile('fork-bomb.c');
    expect(['processes', 'cpu', 'wall']).toContain(result.limitHit);
  });

  it.skipIf(!isPresent)('reports a 2 GB allocation as the memory limit, not a runtime error', async () => {
    // CPU and wall to spare: a slow host spent the 800 ms CPU limit faulting in pages before memory ran out.
    const result = await runHostile('big-allocation.c', {
      limits: { ...tight.limits, timeLimitMs: 5000 },
      sandboxLimits: { ...tight.sandboxLimits, wallTimeMs: 10_000 },
    });
    expect(result.limitHit).toBe('memory');
    expect(result.peakMemoryKib).toBeGreaterThanOrEqual(250 * mib);
  });

  it.skipIf(!isPresent)('stops an infinite loop at a time limit', async () => {
    const result = await runHostile('infinite-loop.c', {
      sandboxLimits: { ...tight.sandboxLimits, wallTimeMs: 3000 },
    });
    // On a busy machine the wall clock may run out first; either way it is a time limit, and contained.
    expect(['cpu', 'wall']).toContain(result.limitHit);
  });

  it.skipIf(!isPresent)('stops a program sleeping forever at the wall limit', async () => {
    const result = await runHostile('sleep-forever.c');
    expect(result.limitHit).toBe('wall');
  });

  it.skipIf(!isPresent)('refuses connections to the host loopback and to the outside', async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const result = await runHostile('network-connect.c', { args: [String(port)] });
    server.close();
    expect(result.output).toContain('loopback: blocked');
    expect(result.output).toContain('outside: blocked');
    expect(result.exitCode).toBe(0);
    expect(connections).toBe(0);
  });

  it.skipIf(!isPresent)('refuses writes outside the work dir', async () => {
    const hostProbe = join(config.workRoot, 'oj-hostile-probe');
    const result = await runHostile('write-outside.c', { args: [hostProbe] });
    expect(result.output).not.toContain('WRITTEN');
    expect(result.exitCode).toBe(0);
    for (const path of ['/oj-hostile-probe', '/etc/oj-hostile-probe', '/usr/oj-hostile-probe', hostProbe]) {
      expect(existsSync(path)).toBe(false);
    }
  });

  it.skipIf(!isPresent)("cannot read /etc/shadow or another submission's files", async () => {
    const otherSubmission = await createWorkDir(config.workRoot);
    const secret = join(otherSubmission, 'main.c');
    await writeFile(secret, 'int main(void) { return 0; } /* someone else */');
    const result = await runHostile('read-secrets.c', { args: [secret, otherSubmission] });
    await removeWorkDir(otherSubmission);
    expect(result.output).not.toContain('READ');
    expect(result.exitCode).toBe(0);
  });

  it.skipIf(!isPresent)('cuts 1 GB of output at the output limit', async () => {
    const result = await runHostile('output-flood.c');
    expect(result.limitHit).toBe('output');
    expect(result.stdoutBytes).toBe(1024 * 1024);
  });

  it.skipIf(!isPresent)('survives a stderr flood, keeping only the first bytes', async () => {
    const result = await runHostile('stderr-flood.c');
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr?.length ?? 0).toBeLessThanOrEqual(64 * 1024);
  });

  it.skipIf(!isPresent)('fails a compile that includes /dev/random, within the compile limits', async () => {
    const quick: LanguageRecord = {
      ...c,
      compileLimits: { cpuTimeMs: 2000, wallTimeMs: 4000, memoryKib: 256 * mib },
    };
    const compiled = await compileHostile('dev-random-include.c', quick);
    expect(compiled.ok).toBe(false);
    expect(await sandbox.leftoverProcesses()).toEqual([]);
  });

  it.skipIf(!isPresent)('fails a compile that expands an enormous template, within the compile limits', async () => {
    const quick: LanguageRecord = {
      ...cpp,
      compileLimits: { cpuTimeMs: 3000, wallTimeMs: 6000, memoryKib: 256 * mib },
    };
    const compiled = await compileHostile('template-bomb.cpp', quick);
    expect(compiled.ok).toBe(false);
    expect(await sandbox.leftoverProcesses()).toEqual([]);
  });

  it.skipIf(!isPresent)('stops a program that closes stdout and loops', async () => {
    const result = await runHostile('close-stdout-loop.c');
    expect(['cpu', 'wall']).toContain(result.limitHit);
  });

  it.skipIf(!isPresent)('stops a program that sends itself SIGSTOP, at the wall limit', async () => {
    const result = await runHostile('stop-self.c');
    expect(result.limitHit).toBe('wall');
  });

  it.skipIf(!isPresent)('runs every program under the seccomp filter', async () => {
    const result = await runHostile('syscall-probes.c', { args: ['seccomp-mode'] });
    expect(result.output).toBe('seccomp-mode: 2\n');
  });

  // Refused by ../seccomp/syscall-filter.ts, with the errno seen (run bare: all but mount, bpf, userfaultfd pass).
  it.skipIf(!isPresent).each([
    ['traceme', 'EPERM'],
    ['attach', 'EPERM'],
    ['vm-read', 'EPERM'],
    ['unshare-user', 'EPERM'],
    ['unshare-mount', 'EPERM'],
    ['clone-newuser', 'EPERM'],
    ['clone3', 'ENOSYS'],
    ['setns', 'EPERM'],
    ['mount', 'EPERM'],
    ['fsopen', 'EPERM'],
    ['chroot', 'EPERM'],
    ['bpf', 'EPERM'],
    ['io-uring', 'EPERM'],
    ['keyctl', 'EPERM'],
    ['perf', 'EPERM'],
    ['userfaultfd', 'EPERM'],
    ['personality', 'EPERM'],
    ['mknod-device', 'EPERM'],
    ['netlink', 'EPERM'],
    ['fork', 'ok'],
    ['mkfifo', 'ok'],
    ['unix-socket', 'ok'],
  ])('syscall probe %s: %s', async (probe, expected) => {
    const result = await runHostile('syscall-probes.c', { args: [probe] });
    expect(result.output).toBe(`${probe}: ${expected}\n`);
    expect(result.exitCode).toBe(0);
  });

  it.skipIf(!isPresent)('kills a program that makes an i386 syscall (int 0x80) before the syscall runs', async () => {
    const result = await runHostile('int80-write.c');
    const lacksEntry = hostLacksI386Entry(join(artifacts.get('int80-write.c') ?? '', 'main'));
    expect([result.signal, result.output]).toEqual([lacksEntry ? 'SIGSEGV' : 'SIGSYS', 'before\n']);
  });

  it.skipIf(!isPresent)('ends a file-creation flood in /tmp, leaving nothing behind', async () => {
    const result = await runHostile('file-flood.c', { args: ['/tmp'] });
    if (backend === 'bubblewrap-pooled') {
      // The run's /tmp has nr_inodes=16384 (run-init.c): the flood ends at once, in the program's hands.
      expect(result.output).toMatch(/^stopped after 1638\d: ENOSPC\n$/);
      expect(result.exitCode).toBe(1);
    } else {
      // bwrap cannot set nr_inodes; each inode is kernel memory charged to the run's memory cgroup.
      expect(result.limitHit !== null || /ENOSPC|ENOMEM/.test(result.output), result.output).toBe(true);
    }
  });

  it.skipIf(!isPresent)(
    'F16: ends a file-creation flood in the box at its tmpfs inode limit and removes the box',
    async () => {
      const result = await runHostile('file-flood.c', { args: ['.'] });
      if (backend === 'bubblewrap-pooled') {
        // A fresh box is a tmpfs of 16384 inodes (its root and the mounted artifact take two).
        expect(result.output).toMatch(/^stopped after 1638\d: ENOSPC\n$/);
      } else {
        // The per-run backends make fresh boxes in the slot's tmpfs of 32768 inodes (slot-box-tmpfs.ts), not on the disk.
        expect(result.output).toMatch(/^stopped after 3276\d: ENOSPC\n$/);
      }
      expect((await readdir(workDir)).filter((name) => name.startsWith('box-'))).toEqual([]);
    },
  );

  it.skipIf(!isPresent)("cannot reach the host's / (the pooled backend's /host) or remove its cover", async () => {
    const result = await runHostile('host-escape.c');
    const hidden = backend === 'bubblewrap-pooled' ? '0 entries' : 'ENOENT';
    expect(result.output).toMatch(new RegExp(`^host: ${hidden}$`, 'm'));
    // Pooled: PID 1 is the run init (not dumpable); bwrap: its init sees the same view, which has no /host.
    const initRoot = backend === 'bubblewrap-pooled' ? 'EACCES' : 'ENOENT';
    expect(result.output).toMatch(new RegExp(`^init root host: ${initRoot}$`, 'm'));
    // What the judge itself inherited reaches a per-run bwrap's program only as /dev/null (inherited-fds.ts).
    const inherited = [...result.output.matchAll(/^inherited fd \d+: (.*)$/gm)].map((match) => match[1]);
    expect(inherited.filter((target) => target !== '/dev/null')).toEqual([]);
    for (const attempt of ['umount host', 'remount host', 'move host', 'bind root']) {
      expect(result.output).toContain(`${attempt}: EPERM\n`);
    }
    expect(result.output).toMatch(new RegExp(`^host after: ${hidden}$`, 'm'));
    expect(result.exitCode).toBe(0);
  });

  it.skipIf(!isPresent)('collects no file-IO output through a symlink or from a FIFO the program left', async () => {
    const artifactsDir = (await compileHostile('collect-trap.c')).artifactsDir;
    const { result, collected } = await runProgram(sandbox, c, artifactsDir, {
      ...tight,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'capture' },
      collectFiles: ['shadow.out', 'fifo.out'],
    });
    expect(Buffer.from(result.stdout ?? new Uint8Array()).toString()).toBe('symlink 0 fifo 0\n');
    expect(collected).toEqual({});
  });

  it.skipIf(!isPresent)('runs a program that signals PID 1 and writes frames to its fds to its own end', async () => {
    // Pooled: PID 1 is the run init, which reads and writes the judge's frames and ends a run on the judge's SIGUSR1
    // (none of its fds opens); a per-run bwrap's PID 1 holds nothing but what the program has already.
    const result = await runHostile('signal-the-init.c');
    const opened = backend === 'bubblewrap-pooled' ? '0' : '\\d+';
    expect(result.output).toMatch(new RegExp(`^init fds opened: ${opened}, not the program's own stdio: 0$`, 'm'));
    expect(result.output).toContain('alive\n');
    expect(result.limitHit).toBeNull();
    expect(result.exitCode).toBe(7);
  });

  it.skipIf(!isPresent)('kills a daemon meant to outlive the run', async () => {
    const result = await runHostile('daemon.c');
    expect(result.exitCode).toBe(0);
    expect(result.limitHit).toBeNull();
  });
});

describe.skipIf(present.includes('nsjail'))('nsjail', () => {
  it.skip('is not on PATH here (not packaged in Debian bookworm), so its hostile suite is skipped', () => undefined);
});
