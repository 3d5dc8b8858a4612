import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { signalName } from '../linux-signals';
import type { OutputSink } from '../output-sink';
import { decideRunOutcome, type KillReason } from '../run-outcome';
import type { SandboxRunRequest, SandboxRunResult } from '../sandbox';
import type { Slot } from '../slot-pool';
import type { BoxKind, SupervisorUsage, SupervisorVerdict } from './supervisor-protocol';

// What a pooled run needs before and after the supervisor serves it, whether alone or in a batch.

/**
 * The host dir a fresh box's kept files are copied to. Synchronous: three thread-pool round trips
 * (mkdtemp, chmod, chown) cost more than the whole run inside the sandbox on a busy machine.
 */
function makeFreshBoxSync(parent: string, slot: Slot): string {
  const dir = mkdtempSync(join(parent, 'box-'));
  chmodSync(dir, 0o755);
  chownSync(dir, slot.uid, slot.uid);
  return dir;
}

/**
 * A name no other box of any judge process takes (this process's random prefix and a count): the
 * caller removes the path, so it must never name a dir someone else made. Random bytes per run cost
 * the judge more than the count.
 */
const unmadeBoxPrefix = `box-${randomBytes(8).toString('hex')}-`;
let unmadeBoxes = 0;
const unmadeBoxName = () => `${unmadeBoxPrefix}${(unmadeBoxes += 1)}`;

/** Whether a fresh box's run gets a host dir: only to receive the files it keeps. */
export const makesHostBox = (request: SandboxRunRequest): boolean =>
  request.freshBoxIn !== undefined && (request.keepFiles?.length ?? 0) > 0;

/**
 * The box the supervisor gets, and how it mounts it. A fresh box is a tmpfs in the sandbox; its host
 * dir is made only when `keepFiles` names files to copy out: otherwise `boxDir` names a path nothing
 * is made at (the caller's removal finds nothing), which saves a mkdir and an rmdir on the judge's
 * disk per run, more wall time than the run itself on a busy machine.
 */
export function prepareBox(request: SandboxRunRequest, slot: Slot): { boxDir: string; box: BoxKind } {
  if (request.freshBoxIn !== undefined && !makesHostBox(request)) {
    return { boxDir: join(request.freshBoxIn, unmadeBoxName()), box: 'fresh' };
  }
  if (request.freshBoxIn !== undefined) return { boxDir: makeFreshBoxSync(request.freshBoxIn, slot), box: 'fresh' };
  if (request.writableBox) chownSync(request.boxDir, slot.uid, slot.uid);
  return { boxDir: request.boxDir, box: request.writableBox ? 'writable' : 'read-only' };
}

/** The run's result from the supervisor's verdict and the cgroup's readings (taken by the supervisor in a batch). */
export async function collectResult(
  slot: Slot,
  request: SandboxRunRequest,
  reported: SupervisorVerdict,
  sinks: { stdout: OutputSink; stderr: OutputSink; endedAtMs: number; cpuKill: KillReason | null },
  box: { boxDir: string; fresh: boolean },
): Promise<SandboxRunResult> {
  const { stdout, stderr } = sinks;
  const [stdoutBytes, capturedStdout, capturedStderr] = [stdout.bytes, await stdout.finish(), await stderr.finish()];
  const usage: SupervisorUsage = reported.usage ?? (await slot.cgroup.finish());
  const killedFor: KillReason | null =
    reported.killedFor === 'wall' || reported.killedFor === 'output' || reported.killedFor === 'cpu'
      ? reported.killedFor
      : sinks.cpuKill;
  const outcome = decideRunOutcome({
    launcherExitCode: reported.exitCode,
    launcherSignal: reported.signal === null ? null : signalName(reported.signal),
    killedFor,
    usage,
    limits: request.limits,
  });
  return {
    cpuTimeMs: usage.cpuTimeMs,
    wallTimeMs: reported.wallTimeMs,
    endedAtMs: sinks.endedAtMs,
    peakMemoryKib: usage.peakMemoryKib,
    ...outcome,
    stdoutBytes,
    ...(capturedStdout ? { stdout: capturedStdout } : {}),
    ...(capturedStderr ? { stderr: capturedStderr } : {}),
    // A box with no host dir is not reported: the caller has nothing to read or remove.
    ...(box.fresh ? { ...(makesHostBox(request) ? { boxDir: box.boxDir } : {}), launch: 'warm' as const } : {}),
  };
}
