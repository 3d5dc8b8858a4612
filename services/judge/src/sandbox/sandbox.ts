/**
 * The sandbox has one job: run an argv under limits and report what happened.
 * Backends: bubblewrap (default) and nsjail (when on PATH).
 */

export interface SandboxLimits {
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
  readonly memoryKib: number;
  readonly stackKib: number;
  readonly processes: number;
  /** Cap on what is kept of stdout (bytes); exceeding it is reported as limitHit 'output'. */
  readonly outputBytes: number;
  /** RLIMIT_FSIZE for files the program writes. */
  readonly fileSizeBytes: number;
}

/** Where a standard stream comes from or goes to. */
export type StdioSpec =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'bytes'; readonly content: Uint8Array | string }
  | { readonly kind: 'capture' }
  | { readonly kind: 'ignore' };

export interface SandboxRunRequest {
  readonly argv: readonly string[];
  /** Host directory mounted at /box. Writable when `writableBox` (compile steps), else read-only. */
  readonly boxDir: string;
  readonly writableBox: boolean;
  readonly limits: SandboxLimits;
  readonly env?: Readonly<Record<string, string>>;
  readonly stdin: StdioSpec;
  readonly stdout: StdioSpec;
  readonly stderr: StdioSpec;
  /** Extra read-only mounts: host path → path inside the sandbox. */
  readonly readOnlyMounts?: readonly { readonly hostPath: string; readonly sandboxPath: string }[];
}

export type LimitHit = 'cpu' | 'wall' | 'memory' | 'output' | 'file-size' | 'processes';

export interface SandboxRunResult {
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
  readonly peakMemoryKib: number;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly limitHit: LimitHit | null;
  /** Present when stdout/stderr were 'capture'. */
  readonly stdout?: Uint8Array;
  readonly stderr?: Uint8Array;
}

export interface Sandbox {
  readonly name: string;
  run(request: SandboxRunRequest): Promise<SandboxRunResult>;
  close(): Promise<void>;
}
