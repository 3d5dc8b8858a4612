import { describe, expect, it } from 'vitest';
import type { SandboxRunRequest } from '../sandbox';
import { bubblewrapArgv } from './bubblewrap-argv';

const tools = { prlimit: '/usr/bin/prlimit', bwrap: '/usr/bin/bwrap' };
const request: SandboxRunRequest = {
  argv: ['/box/main', 'x'],
  boxDir: '/data/judge/w-1/run-1',
  writableBox: true,
  limits: {
    cpuTimeMs: 1200,
    wallTimeMs: 3600,
    memoryKib: 1,
    stackKib: 131072,
    processes: 128,
    outputBytes: 1,
    fileSizeBytes: 4096,
  },
  env: { GODEBUG: 'madvdontneed=1' },
  stdin: { kind: 'ignore' },
  stdout: { kind: 'capture' },
  stderr: { kind: 'capture' },
  readOnlyMounts: [{ hostPath: '/data/judge/w-1/compile-1/main', sandboxPath: '/box/main' }],
};

const pairAfter = (argv: string[], flag: string) => argv.slice(argv.indexOf(flag) + 1, argv.indexOf(flag) + 3);

describe('bubblewrapArgv', () => {
  const argv = bubblewrapArgv(tools, request);

  it('sets the rlimits, with the CPU one a second above the limit as a backstop', () => {
    expect(argv.slice(0, 8)).toEqual([
      '/usr/bin/prlimit',
      '--cpu=3:4',
      '--fsize=4096',
      `--stack=${131072 * 1024}`,
      '--core=0',
      '--nofile=1024',
      '--',
      '/usr/bin/bwrap',
    ]);
  });

  it('unshares every namespace, forbids nested user namespaces and dies with the judge', () => {
    for (const flag of ['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session']) {
      expect(argv).toContain(flag);
    }
  });

  it('makes the root read-only after mounting the box and the artifacts, and clears the environment', () => {
    expect(pairAfter(argv, '--bind')).toEqual(['/data/judge/w-1/run-1', '/box']);
    expect(argv.indexOf('--remount-ro')).toBeGreaterThan(0);
    expect(argv.join(' ')).toContain(
      '--ro-bind /data/judge/w-1/compile-1/main /box/main --remount-ro / --chdir /box --clearenv',
    );
    expect(argv.join(' ')).toContain('--setenv GODEBUG madvdontneed=1');
  });

  it('waits on fd 4 after reporting its pid on fd 3, reads the syscall filter from fd 5, then runs the argv', () => {
    expect(argv.slice(-9)).toEqual(['--info-fd', '3', '--block-fd', '4', '--seccomp', '5', '--', '/box/main', 'x']);
  });

  it('binds the box read-only when it is not writable', () => {
    expect(pairAfter(bubblewrapArgv(tools, { ...request, writableBox: false }), '--ro-bind')).toEqual(['/usr', '/usr']);
    expect(bubblewrapArgv(tools, { ...request, writableBox: false }).join(' ')).toContain(
      '--ro-bind /data/judge/w-1/run-1 /box',
    );
  });
});
