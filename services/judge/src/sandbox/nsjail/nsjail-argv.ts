import type { SandboxRunRequest } from '../sandbox';

export interface NsjailTools {
  readonly sh: string;
  readonly setpriv: string;
  readonly nsjail: string;
  /** The kafel policy of ./nsjail-seccomp: the same syscall deny-list as the bubblewrap backends. */
  readonly seccompPolicy: string;
}

const mib = 1024 * 1024;

const optionalEtcPaths = ['/etc/alternatives', '/etc/ld.so.cache', '/etc/java-17-openjdk', '/etc/mono', '/var/lib/ghc'];

/**
 * nsjail has no equivalent of bwrap's --block-fd, so a root shell puts itself into the slot's
 * cgroups and then execs setpriv → nsjail: the cgroup is also charged for nsjail's setup (a few ms
 * of CPU, ~1 MB), which the bubblewrap backend avoids. nsjail runs unprivileged as the slot uid, so
 * its own cgroup options are unused; the judge's cgroups and watchdogs do that job as for bwrap.
 */
export function nsjailArgv(
  tools: NsjailTools,
  request: SandboxRunRequest,
  uid: number,
  procsFiles: readonly string[],
): string[] {
  const { limits } = request;
  const joinCgroups = procsFiles.map((_, index) => `echo $$ > "$${index + 1}"`).join('; ');
  const script = `${joinCgroups}; shift ${procsFiles.length}; exec "$@"`;
  const argv = [tools.sh, '-c', script, 'sh', ...procsFiles];
  argv.push(tools.setpriv, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--');
  argv.push(tools.nsjail, '--mode', 'o', '--quiet', '--time_limit', '0', '--nice_level', '0', '--max_cpus', '0');
  argv.push('--rlimit_as', 'inf', '--rlimit_nofile', '256', '--rlimit_core', '0');
  argv.push('--rlimit_cpu', String(Math.max(1, Math.ceil(limits.cpuTimeMs / 1000)) + 1));
  argv.push('--rlimit_fsize', String(Math.max(1, Math.ceil(limits.fileSizeBytes / mib))));
  argv.push('--rlimit_stack', String(Math.max(1, Math.ceil((limits.stackKib * 1024) / mib))));
  argv.push('--bindmount_ro', '/usr', '--tmpfsmount', '/tmp', '--tmpfsmount', '/usr/local');
  for (const [target, link] of [
    ['usr/lib', '/lib'],
    ['usr/lib64', '/lib64'],
    ['usr/bin', '/bin'],
    ['usr/sbin', '/sbin'],
  ]) {
    argv.push('--symlink', `${target}:${link}`);
  }
  for (const path of optionalEtcPaths) argv.push('--mount', `${path}:${path}:none:ro,bind`, '--mount_try');
  argv.push(request.writableBox ? '--bindmount' : '--bindmount_ro', `${request.boxDir}:/box`);
  for (const mount of request.readOnlyMounts ?? [])
    argv.push('--bindmount_ro', `${mount.hostPath}:${mount.sandboxPath}`);
  for (const mount of request.mounts ?? []) {
    argv.push(mount.writable ? '--bindmount' : '--bindmount_ro', `${mount.hostPath}:${mount.sandboxPath}`);
  }
  argv.push('--cwd', '/box', '--seccomp_string', tools.seccompPolicy);
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...request.env };
  for (const [name, value] of Object.entries(env)) argv.push('--env', `${name}=${value}`);
  argv.push('--', ...request.argv);
  return argv;
}
