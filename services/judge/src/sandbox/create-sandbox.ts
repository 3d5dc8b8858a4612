import { access, constants } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBubblewrapSandbox } from './bubblewrap/bubblewrap-sandbox';
import { detectCgroupHierarchy } from './cgroups/cgroup-hierarchy';
import { allowedCpus } from './cgroups/cpu-list';
import { createNsjailSandbox } from './nsjail/nsjail-sandbox';
import { nsjailSeccompPolicy } from './nsjail/nsjail-seccomp';
import { buildSupervisor } from './pooled/build-supervisor';
import { createPooledBubblewrapSandbox } from './pooled/pooled-sandbox';
import type { Sandbox } from './sandbox';
import { encodeSyscallFilter } from './seccomp/syscall-filter';
import { mountSlotBoxTmpfs, type SlotBoxTmpfs } from './slot-box-tmpfs';
import { createSlotPool, type Slot } from './slot-pool';

/** 'bubblewrap-pooled': one long-lived bwrap per slot with a supervisor inside (./pooled); what 'auto' picks unless JUDGE_SANDBOX_POOLED=false. */
export type SandboxBackend = 'bubblewrap' | 'bubblewrap-pooled' | 'nsjail';

/** The judge settings the sandbox needs (a JudgeConfig from ../config satisfies it). */
export interface SandboxSettings {
  readonly sandboxBackend: 'auto' | SandboxBackend;
  readonly sandboxSlots: number;
  readonly sandboxUidBase: number;
  readonly sandboxUidCount: number;
  readonly cgroupPrefix: string;
  readonly hostPath: readonly string[];
  /** Start each slot's next launcher ahead of time (bubblewrap only); default true. */
  readonly sandboxWarmStarts?: boolean;
  /** Let 'auto' pick the pooled bubblewrap backend when gcc is present; default true. */
  readonly sandboxPooled?: boolean;
  /** Where the pooled backend compiles its supervisor (DATA_DIR/judge); default the OS temp dir. */
  readonly workRoot?: string;
  /** Pin each slot's programs to one of the judge's CPUs (a cpuset cgroup per slot); default false. */
  readonly sandboxPinCpus?: boolean;
}

export async function findExecutable(name: string, searchPath: readonly string[]): Promise<string | undefined> {
  for (const dir of searchPath) {
    const candidate = join(dir, name);
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

async function requireExecutable(name: string, searchPath: readonly string[]): Promise<string> {
  const found = await findExecutable(name, searchPath);
  if (!found) throw new Error(`The sandbox needs \`${name}\` on PATH (${searchPath.join(':')})`);
  return found;
}

/** Backends whose tool is installed here; the hostile suite runs on each. */
export async function presentBackends(searchPath: readonly string[]): Promise<SandboxBackend[]> {
  const present: SandboxBackend[] = [];
  if (await findExecutable('bwrap', searchPath)) {
    present.push('bubblewrap');
    if (await findExecutable('gcc', searchPath)) present.push('bubblewrap-pooled');
  }
  if (await findExecutable('nsjail', searchPath)) present.push('nsjail');
  return present;
}

/**
 * What 'auto' picks: always a bubblewrap backend, the ones the hostile suite runs here. nsjail only when
 * asked for by name (JUDGE_SANDBOX=nsjail), never because it happens to be on PATH (issue 10, F16).
 * sandboxPooled replaces only the automatic choice of bubblewrap, not an explicit one.
 */
export async function automaticBackend(
  settings: Pick<SandboxSettings, 'hostPath' | 'sandboxPooled'>,
): Promise<SandboxBackend> {
  const pooled = (settings.sandboxPooled ?? true) && (await findExecutable('gcc', settings.hostPath));
  return pooled ? 'bubblewrap-pooled' : 'bubblewrap';
}

/**
 * Claims `sandboxSlots` uids and their cgroups (clearing whatever a dead judge left under those
 * names) and returns the chosen backend ('auto': see automaticBackend).
 */
export async function createSandbox(settings: SandboxSettings): Promise<Sandbox> {
  const hierarchy = await detectCgroupHierarchy();
  const chosen = settings.sandboxBackend !== 'auto' ? settings.sandboxBackend : await automaticBackend(settings);
  // The pooled backend keeps one cgroup of each kind per slot; only the v1 slot can (cgroups/cgroup-v1.ts).
  if (chosen === 'bubblewrap-pooled' && hierarchy.version !== 'v1' && settings.sandboxBackend !== 'auto') {
    throw new Error(
      'The pooled sandbox needs cgroup v1 (a v2 slot makes a cgroup per run); use JUDGE_SANDBOX=bubblewrap',
    );
  }
  const backend = chosen === 'bubblewrap-pooled' && hierarchy.version !== 'v1' ? 'bubblewrap' : chosen;
  // Before any slot is claimed: on an arch without syscall numbers this throws, and no program runs unfiltered.
  const seccompFilter = encodeSyscallFilter();
  const searchPath = settings.hostPath;
  const tools =
    backend === 'nsjail'
      ? {
          kind: backend,
          sh: await requireExecutable('sh', searchPath),
          setpriv: await requireExecutable('setpriv', searchPath),
          nsjail: await requireExecutable('nsjail', searchPath),
          seccompPolicy: nsjailSeccompPolicy(),
        }
      : {
          kind: backend,
          prlimit: await requireExecutable('prlimit', searchPath),
          bwrap: await requireExecutable('bwrap', searchPath),
        };
  const pool = await createSlotPool({
    hierarchy,
    cgroupOptions: { keepPids: backend === 'bubblewrap-pooled' },
    size: settings.sandboxSlots,
    uidBase: settings.sandboxUidBase,
    uidCount: settings.sandboxUidCount,
    cgroupPrefix: settings.cgroupPrefix,
    ...(settings.sandboxPinCpus ? { pinToCpus: allowedCpus() } : {}),
  });
  const workRoot = settings.workRoot ?? join(tmpdir(), 'oj-judge');
  if (backend === 'bubblewrap-pooled' && tools.kind !== 'nsjail') {
    try {
      const gcc = await requireExecutable('gcc', searchPath);
      const supervisor = await buildSupervisor(gcc, workRoot);
      return createPooledBubblewrapSandbox({ bwrap: tools.bwrap, supervisor, seccompFilter }, pool);
    } catch (error) {
      await pool.close();
      throw error;
    }
  }
  let boxes: SlotBoxTmpfs;
  try {
    const mountTools = {
      mount: await requireExecutable('mount', searchPath),
      umount: await requireExecutable('umount', searchPath),
    };
    boxes = await mountSlotBoxTmpfs(mountTools, workRoot, settings.cgroupPrefix, pool.slots);
  } catch (error) {
    await pool.close();
    throw error;
  }
  const boxParent = (slot: Slot) => boxes.dirOf(slot);
  const sandbox =
    tools.kind === 'nsjail'
      ? createNsjailSandbox(tools, pool, boxParent)
      : createBubblewrapSandbox(tools, pool, settings.sandboxWarmStarts ?? true, seccompFilter, boxParent);
  return {
    ...sandbox,
    async close() {
      await sandbox.close();
      await boxes.unmountAll();
    },
  };
}
