/**
 * The sandbox has one job: run an argv under limits and report what happened.
 * Backends: bubblewrap (default, pooled or per run) and nsjail (only when JUDGE_SANDBOX=nsjail); see ./create-sandbox.
 */
import type { SandboxPipe } from './sandbox-pipe';

export type { SandboxPipe } from './sandbox-pipe';

export interface SandboxLimits {
  /** RLIMIT_CPU is rounded up to whole seconds; the cgroup's CPU time decides 'cpu' exactly. */
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
  /** cgroup memory limit (the ceiling, e.g. M + 100 MB); peak usage is reported separately. */
  readonly memoryKib: number;
  readonly stackKib: number;
  /** cgroup pids limit: processes and threads of the program together. */
  readonly processes: number;
  /** Cap on stdout bytes (capture, file or pipe); exceeding it kills the run and reports 'output'. */
  readonly outputBytes: number;
  /** RLIMIT_FSIZE for files the program writes. */
  readonly fileSizeBytes: number;
}

/**
 * Where a standard stream comes from or goes to.
 * - file: stdin reads the host file; stdout/stderr (re)write it.
 * - bytes: stdin only.
 * - capture: stdout/stderr only; returned in the result (stdout up to outputBytes, stderr up to 64 KiB
 *   unless `stderrCaptureBytes`).
 * - pipe: one end of a SandboxPipe, to wire two runs together (interactive judging, see runPair).
 */
export type StdioSpec =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'bytes'; readonly content: Uint8Array | string }
  | { readonly kind: 'capture' }
  | { readonly kind: 'ignore' }
  | { readonly kind: 'pipe'; readonly pipe: SandboxPipe };

export interface SandboxMount {
  readonly hostPath: string;
  readonly sandboxPath: string;
  /** Default false. A writable file mount lets a program write a named file (file IO) that outlives the run. */
  readonly writable?: boolean;
}

export interface SandboxRunRequest {
  readonly argv: readonly string[];
  /**
   * Host directory mounted at /box (the working directory). When `writableBox`, the backend makes
   * the directory itself owned by the slot's uid so the program can create files in it.
   */
  readonly boxDir: string;
  readonly writableBox: boolean;
  readonly limits: SandboxLimits;
  readonly env?: Readonly<Record<string, string>>;
  readonly stdin: StdioSpec;
  readonly stdout: StdioSpec;
  readonly stderr: StdioSpec;
  /** Extra read-only mounts: host path → path inside the sandbox. */
  readonly readOnlyMounts?: readonly { readonly hostPath: string; readonly sandboxPath: string }[];
  /** Extra mounts, possibly writable (applied after readOnlyMounts). */
  readonly mounts?: readonly SandboxMount[];
  /**
   * Give the program a fresh, empty, writable /box made by the sandbox under this host dir, instead
   * of `boxDir` (then ignored). The result's `boxDir` names it when a host dir was made for it; the
   * caller reads what the program wrote there and removes it (the pooled backend makes that host dir
   * only when `keepFiles` names files, and then reports none: there is nothing to read or remove). This lets the sandbox start the launcher for the next run of the
   * same shape (argv, env, mounts, rlimits) before that run is asked for: a warm start.
   */
  readonly freshBoxIn?: string;
  /**
   * Names of top-level files of a fresh box the caller reads after the run (file-IO output). The
   * pooled backend's fresh box is a tmpfs with an inode limit that dies with the run; it copies only
   * these regular files (no symlinks, FIFOs or dirs) to the host dir. bwrap's box is the host dir itself.
   */
  readonly keepFiles?: readonly string[];
  /** How much captured stderr to keep (default 64 KiB). Longer stderr is cut, never an error. */
  readonly stderrCaptureBytes?: number;
}

export type LimitHit = 'cpu' | 'wall' | 'memory' | 'output' | 'file-size' | 'processes';

export interface SandboxRunResult {
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
  readonly peakMemoryKib: number;
  /** Exit status of a program that exited; null when it died of a signal. */
  readonly exitCode: number | null;
  /** e.g. 'SIGSEGV'. bubblewrap reports a signal N as exit 128 + N, so exits above 128 read as signals. */
  readonly signal: string | null;
  readonly limitHit: LimitHit | null;
  /** Present when stdout/stderr were 'capture'. */
  readonly stdout?: Uint8Array;
  readonly stderr?: Uint8Array;
  /** Bytes the program wrote to stdout (whatever the target), counted up to the cap. */
  readonly stdoutBytes: number;
  /** The host dir that was /box, when the request asked for `freshBoxIn` and the box had one (see freshBoxIn). */
  readonly boxDir?: string;
  /** 'warm' when the launcher was started ahead of the request (freshBoxIn requests only). */
  readonly launch?: 'warm' | 'cold';
  /**
   * When the host learnt the program ended (performance.now()), before output and usage are collected: orders
   * the ends of runs wired together (whether the interactor or the program finished first, judging.md).
   */
  readonly endedAtMs: number;
}

export interface Sandbox {
  readonly name: string;
  /** How many runs can proceed at once (one uid and cgroup set each); more calls wait in line. */
  readonly slots: number;
  run(request: SandboxRunRequest): Promise<SandboxRunResult>;
  /**
   * Runs several requests at once, each in its own slot, all slots taken together (so two runs
   * wired by SandboxPipes never wait on each other for a slot). Needs `slots` ≥ requests.length.
   */
  runTogether(requests: readonly SandboxRunRequest[]): Promise<SandboxRunResult[]>;
  /**
   * Runs the requests one after the other in one slot (held for the whole batch), each exactly as
   * `run` would (its own fresh box, /tmp and namespace state, its own limits and cgroup readings), and
   * calls `onResult` as each ends, in order. The pooled backend hands such a batch to its slot's
   * supervisor at once, which starts each run itself and streams the results: the judge takes no part
   * between them (docs/judging.md, "Sandbox throughput"). A request that cannot be batched (a `pipe`
   * stdio, a large stdin) runs on its own in turn. A run that fails rejects the whole call.
   */
  runBatch(
    requests: readonly SandboxRunRequest[],
    onResult?: (result: SandboxRunResult, index: number) => void,
  ): Promise<SandboxRunResult[]>;
  /** Pids still in any slot's cgroups or owned by a slot's uid: always empty between runs (hostile suite). */
  leftoverProcesses(): Promise<number[]>;
  close(): Promise<void>;
}
