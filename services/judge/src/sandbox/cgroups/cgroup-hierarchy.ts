import { readFile } from 'node:fs/promises';

/**
 * Where this machine's cgroups live, read from /proc/self/mountinfo and /proc/self/cgroup.
 * Slot cgroups are made under the judge process's own cgroup of each controller, because a
 * container (or a supervisor such as this machine's process API) may forbid writing elsewhere.
 */
export type CgroupHierarchy =
  | {
      readonly version: 'v1';
      readonly memoryDir: string;
      readonly pidsDir: string;
      readonly cpuacctDir: string;
      /** Only needed to pin slots to CPUs (SlotCgroupOptions.cpus). */
      readonly cpusetDir?: string;
    }
  | { readonly version: 'v2'; readonly dir: string };

interface Mount {
  readonly mountPoint: string;
  readonly root: string;
  readonly fsType: string;
  readonly superOptions: readonly string[];
}

function parseMountInfo(text: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.split('\n')) {
    const [left, right] = line.split(' - ');
    if (left === undefined || right === undefined) continue;
    const fields = left.split(' ');
    const [fsType, , options] = right.split(' ');
    const root = fields[3];
    const mountPoint = fields[4];
    if (root === undefined || mountPoint === undefined || fsType === undefined) continue;
    mounts.push({ mountPoint, root, fsType, superOptions: (options ?? '').split(',') });
  }
  return mounts;
}

/** controller name ('' for the v2 unified line) → the process's path inside that hierarchy. */
function parseProcCgroup(text: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    const [, controllers = '', path = '/'] = match;
    if (controllers === '') paths.set('', path);
    for (const controller of controllers.split(',')) if (controller) paths.set(controller, path);
  }
  return paths;
}

function joinCgroupPath(mount: Mount, ownPath: string): string {
  // Inside a cgroup namespace the mount root is the namespace root and ownPath is relative to it.
  const relative = mount.root !== '/' && ownPath.startsWith(mount.root) ? ownPath.slice(mount.root.length) : ownPath;
  return `${mount.mountPoint}${relative === '/' ? '' : relative}`;
}

export async function detectCgroupHierarchy(): Promise<CgroupHierarchy> {
  const mounts = parseMountInfo(await readFile('/proc/self/mountinfo', 'utf8'));
  const own = parseProcCgroup(await readFile('/proc/self/cgroup', 'utf8'));
  const v1Dir = (controller: string): string | undefined => {
    const mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes(controller));
    const path = own.get(controller);
    return mount && path !== undefined ? joinCgroupPath(mount, path) : undefined;
  };
  const memoryDir = v1Dir('memory');
  const pidsDir = v1Dir('pids');
  const cpuacctDir = v1Dir('cpuacct');
  const cpusetDir = v1Dir('cpuset');
  if (memoryDir && pidsDir && cpuacctDir) {
    return { version: 'v1', memoryDir, pidsDir, cpuacctDir, ...(cpusetDir ? { cpusetDir } : {}) };
  }

  const unified = mounts.find((m) => m.fsType === 'cgroup2');
  const unifiedPath = own.get('');
  if (unified && unifiedPath !== undefined) {
    const dir = joinCgroupPath(unified, unifiedPath);
    const controllers = await readFile(`${dir}/cgroup.controllers`, 'utf8').catch(() => '');
    const offered = controllers.trim().split(/\s+/);
    if (['memory', 'pids', 'cpu'].every((c) => offered.includes(c))) return { version: 'v2', dir };
  }
  throw new Error(
    'No usable cgroups: the judge needs the memory, pids and cpuacct controllers (v1) or memory, pids and cpu (v2).',
  );
}
