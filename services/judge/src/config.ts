import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const judgeEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./.data'),
  PATH: z.string().default('/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'),
  JUDGE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** 'auto' picks bubblewrap (pooled unless JUDGE_SANDBOX_POOLED=false); nsjail only when named here (issue 10, F16). */
  JUDGE_SANDBOX: z.enum(['auto', 'bubblewrap', 'nsjail']).default('auto'),
  /**
   * When 'auto' picks bubblewrap, the pooled backend (one long-lived bwrap per slot with a supervisor
   * inside; default since it passed the hostile suite, the language self-tests and the golden problems,
   * docs/judging.md); false goes back to a bwrap per run (with warm starts).
   */
  JUDGE_SANDBOX_POOLED: z.enum(['true', 'false']).default('true'),
  /** First host uid the sandbox runs programs as; one uid per concurrent slot, no passwd entry needed. */
  JUDGE_SANDBOX_UID_BASE: z.coerce.number().int().min(1000).max(4_000_000_000).default(60100),
  /** How many uids from the base this machine's judges share (each judge process claims what it needs). */
  JUDGE_SANDBOX_UID_COUNT: z.coerce.number().int().min(1).max(4096).default(64),
  /** Start each sandbox slot's next bwrap ahead of time, blocked until its run arrives. */
  JUDGE_SANDBOX_WARM: z.enum(['true', 'false']).default('true'),
  /** Prefix of the cgroup names and of the uid claim sockets. */
  JUDGE_CGROUP_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default('oj-judge'),
});

export interface JudgeConfig {
  readonly sandboxBackend: 'auto' | 'bubblewrap' | 'nsjail';
  /** Concurrent sandbox runs (slots) in this process; also the worker's in-flight cap. */
  readonly sandboxSlots: number;
  readonly sandboxWarmStarts: boolean;
  readonly sandboxPooled: boolean;
  readonly sandboxUidBase: number;
  readonly sandboxUidCount: number;
  readonly cgroupPrefix: string;
  /** Work dirs for compiles and runs: DATA_DIR/judge (made traversable by the sandbox uids). */
  readonly workRoot: string;
  /** Where host tools (bwrap, nsjail, setpriv, prlimit) are looked up. */
  readonly hostPath: readonly string[];
}

export function loadJudgeConfig(env: NodeJS.ProcessEnv = process.env): JudgeConfig {
  const parsed = judgeEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid judge configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    sandboxBackend: e.JUDGE_SANDBOX,
    sandboxSlots: e.JUDGE_WORKERS ?? availableParallelism(),
    sandboxWarmStarts: e.JUDGE_SANDBOX_WARM === 'true',
    sandboxPooled: e.JUDGE_SANDBOX_POOLED === 'true',
    sandboxUidBase: e.JUDGE_SANDBOX_UID_BASE,
    sandboxUidCount: e.JUDGE_SANDBOX_UID_COUNT,
    cgroupPrefix: e.JUDGE_CGROUP_PREFIX,
    workRoot: resolve(e.DATA_DIR, 'judge'),
    hostPath: Object.freeze(e.PATH.split(':').filter((dir) => dir !== '')),
  });
}
