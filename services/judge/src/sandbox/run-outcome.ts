import type { CgroupUsage } from './cgroups/slot-cgroup';
import { signalName } from './linux-signals';
import type { LimitHit, SandboxLimits } from './sandbox';

/** Why the judge itself ended the run, if it did. */
export type KillReason = 'wall' | 'cpu' | 'output';

export interface RunFacts {
  /** Exit status of the launcher (bwrap reports a child's signal N as 128 + N). */
  readonly launcherExitCode: number | null;
  readonly launcherSignal: string | null;
  readonly killedFor: KillReason | null;
  readonly usage: CgroupUsage;
  readonly limits: SandboxLimits;
}

export interface RunOutcome {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly limitHit: LimitHit | null;
}

function exitOf(facts: RunFacts): Pick<RunOutcome, 'exitCode' | 'signal'> {
  if (facts.killedFor !== null || facts.launcherSignal !== null) {
    return { exitCode: null, signal: facts.launcherSignal ?? 'SIGKILL' };
  }
  const code = facts.launcherExitCode ?? 0;
  // A program's own exit(129..159) is indistinguishable from a signal here; signals are far likelier.
  if (code > 128 && code < 160) return { exitCode: null, signal: signalName(code - 128) };
  return { exitCode: code, signal: null };
}

/**
 * Which limit ended or spoiled the run, most specific first. The memory cgroup's OOM kill is the
 * only reliable MLE signal (platform.md §1.2), so it wins over whatever the death looked like.
 */
function limitHitOf(facts: RunFacts, exit: Pick<RunOutcome, 'exitCode' | 'signal'>): LimitHit | null {
  if (facts.usage.oomKills > 0) return 'memory';
  if (facts.killedFor === 'output') return 'output';
  if (exit.signal === 'SIGXFSZ') return 'file-size';
  if (facts.killedFor === 'cpu' || exit.signal === 'SIGXCPU') return 'cpu';
  if (facts.usage.cpuTimeMs > facts.limits.cpuTimeMs) return 'cpu';
  if (facts.killedFor === 'wall') return 'wall';
  if (facts.usage.pidsLimitHits > 0 && exit.exitCode !== 0) return 'processes';
  return null;
}

export function decideRunOutcome(facts: RunFacts): RunOutcome {
  const exit = exitOf(facts);
  return { ...exit, limitHit: limitHitOf(facts, exit) };
}
