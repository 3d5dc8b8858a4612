import type { SandboxRunRequest } from '../sandbox';

export interface HostTools {
  readonly prlimit: string;
  readonly bwrap: string;
}

/** Read-only system paths bound when present; each one was needed by some language (platform.md §1.2). */
const optionalEtcPaths = [
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/java-17-openjdk',
  '/etc/mono',
  '/etc/ssl/certs/java',
  // GHC's global package database: /usr/lib/ghc/package.conf.d links here (text files, no secrets).
  '/var/lib/ghc',
];

const baseEnv: Readonly<Record<string, string>> = {
  PATH: '/usr/bin:/bin',
  HOME: '/tmp',
  LANG: 'C.UTF-8',
};

/** The system view: /usr read-only, /usr/local hidden, the usual symlinks, private /proc /dev /tmp. */
export function systemView(): string[] {
  const args = ['--ro-bind', '/usr', '/usr', '--tmpfs', '/usr/local', '--remount-ro', '/usr/local'];
  args.push('--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64');
  args.push('--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin');
  for (const path of optionalEtcPaths) args.push('--ro-bind-try', path, path);
  args.push('--proc', '/proc', '--dev', '/dev', '--remount-ro', '/dev');
  args.push('--size', String(64 * 1024 * 1024), '--tmpfs', '/tmp');
  return args;
}

/**
 * The judge starts this as the slot's uid with no groups (spawn's uid/gid, i.e. what
 * `setpriv --reuid --regid --clear-groups` does; no capabilities survive) → prlimit (rlimits) → bwrap
 * (every namespace, a read-only root, /box) → the program. The CPU rlimit is a backstop rounded up to
 * whole seconds; the judge's own watchdog on the cgroup's CPU time stops the run at the exact limit.
 */
export function bubblewrapArgv(tools: HostTools, request: SandboxRunRequest): string[] {
  const { limits } = request;
  // One second of slack: the kernel's tick-based process CPU can trip RLIMIT_CPU before the cgroup says so.
  const cpuSeconds = Math.ceil(limits.cpuTimeMs / 1000) + 1;
  const argv = [
    tools.prlimit,
    `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
    `--fsize=${limits.fileSizeBytes}`,
    `--stack=${limits.stackKib * 1024}`,
    '--core=0',
    '--nofile=1024',
    '--',
  ];
  argv.push(tools.bwrap, '--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session');
  argv.push(...systemView());
  argv.push(request.writableBox ? '--bind' : '--ro-bind', request.boxDir, '/box');
  for (const mount of request.readOnlyMounts ?? []) argv.push('--ro-bind', mount.hostPath, mount.sandboxPath);
  for (const mount of request.mounts ?? []) {
    argv.push(mount.writable ? '--bind' : '--ro-bind', mount.hostPath, mount.sandboxPath);
  }
  argv.push('--remount-ro', '/', '--chdir', '/box', '--clearenv');
  for (const [name, value] of Object.entries({ ...baseEnv, ...request.env })) argv.push('--setenv', name, value);
  // The syscall filter (../seccomp) arrives on fd 5; bwrap installs it right before it execs the program.
  argv.push('--info-fd', '3', '--block-fd', '4', '--seccomp', '5', '--', ...request.argv);
  return argv;
}
