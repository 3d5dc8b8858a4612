import type { Sandbox, SandboxLimits } from '../sandbox/sandbox';

const kib = 1024;
/** What a compiler may print: more is cut from the message (HOJ keeps 1 MiB characters per stream). */
const compilerStdoutBytes = 1024 * kib;
const compilerStderrBytes = 64 * kib;
/** Cap on each stream inside the stored message, so one event never carries megabytes of diagnostics. */
export const compileMessageChars = 64 * kib;

export interface CompileStep {
  readonly boxDir: string;
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
  readonly memoryKib: number;
  readonly processes?: number;
}

export type CompileOutcome =
  { readonly ok: true; readonly message: string } | { readonly ok: false; readonly message: string };

const utf8 = new TextDecoder('utf-8');

/**
 * Runs a compiler in a writable box. Only a normal exit 0 is success; a non-zero exit, a signal or any limit
 * is a compile error (judging.md §2.1). The message is stdout then stderr, each cut and followed by a newline.
 */
export async function compileInSandbox(sandbox: Sandbox, step: CompileStep): Promise<CompileOutcome> {
  const limits: SandboxLimits = {
    cpuTimeMs: step.cpuTimeMs,
    wallTimeMs: step.wallTimeMs,
    memoryKib: step.memoryKib,
    stackKib: 256 * kib,
    processes: step.processes ?? 128,
    outputBytes: compilerStdoutBytes,
    fileSizeBytes: 256 * kib * kib,
  };
  const result = await sandbox.run({
    argv: step.argv,
    boxDir: step.boxDir,
    writableBox: true,
    limits,
    ...(step.env ? { env: step.env } : {}),
    stdin: { kind: 'ignore' },
    stdout: { kind: 'capture' },
    stderr: { kind: 'capture' },
    stderrCaptureBytes: compilerStderrBytes,
  });
  const parts = [result.stdout, result.stderr]
    .map((bytes) => utf8.decode(bytes ?? new Uint8Array()))
    .filter((text) => text !== '')
    .map((text) => `${text.slice(0, compileMessageChars)}\n`);
  const ok = result.exitCode === 0 && result.signal === null && result.limitHit === null;
  if (!ok && result.limitHit !== null) parts.push(`Compilation stopped: ${limitText[result.limitHit]}\n`);
  return { ok, message: parts.join('') };
}

const limitText: Readonly<Record<string, string>> = {
  cpu: 'the compiler exceeded its CPU time limit',
  wall: 'the compiler exceeded its time limit',
  memory: 'the compiler exceeded its memory limit',
  output: 'the compiler printed too much',
  'file-size': 'the compiler wrote a file over the size limit',
  processes: 'the compiler started too many processes',
};
