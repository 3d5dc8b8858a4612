import type { SandboxRunRequest } from '../sandbox';

/**
 * Frames between the judge and a pooled slot (run-supervisor.c; its supervisor reads 'S', its run init
 * every later frame): [type: 1 byte][payload length: u32 LE][payload].
 */
export type FrameType = 'S' | 'R' | 'B' | 'I' | 'E' | 'K' | 'O' | 'D' | 'X' | 'F' | 'Z';

export interface Frame {
  readonly type: FrameType;
  readonly payload: Buffer;
}

/** One allocation per frame: a run's request frame is built once per run. */
export function encodeFrame(type: FrameType, payload: Uint8Array = new Uint8Array(0)): Buffer {
  const frame = Buffer.allocUnsafe(5 + payload.length);
  frame.write(type, 0, 'latin1');
  frame.writeUInt32LE(payload.length, 1);
  frame.set(payload, 5);
  return frame;
}

/** Splits a byte stream into frames; keeps a partial frame until the rest arrives. */
export function createFrameDecoder(onFrame: (frame: Frame) => void): (chunk: Buffer) => void {
  let buffered: Buffer = Buffer.alloc(0);
  return (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (buffered.length >= 5) {
      const length = buffered.readUInt32LE(1);
      if (buffered.length < 5 + length) break;
      onFrame({ type: buffered.toString('latin1', 0, 1) as FrameType, payload: buffered.subarray(5, 5 + length) });
      buffered = buffered.subarray(5 + length);
    }
  };
}

const baseEnv: Readonly<Record<string, string>> = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8' };

/** The kind of stdio the supervisor must wire: 0 /dev/null, 1 a pipe relayed through the judge. */
const relayed = (kind: string) => (kind === 'ignore' ? '0' : '1');

/**
 * The request payload: NUL-terminated fields in the order run-supervisor.c's parse_request reads
 * them. `boxDir` is a host path; the supervisor finds it under /host.
 */
/**
 * How the run's /box is made: the host dir bound read-only or writable, or (fresh) a tmpfs with an
 * inode limit whose `keepFiles` are copied to the host dir after the program ends.
 */
export type BoxKind = 'read-only' | 'writable' | 'fresh';
const boxKindField: Readonly<Record<BoxKind, string>> = { 'read-only': '0', writable: '1', fresh: '2' };

export function encodeRequest(request: SandboxRunRequest, boxDir: string, box: BoxKind): Buffer {
  const { limits } = request;
  // One second of slack, as in the bwrap backend: RLIMIT_CPU is only a backstop for the cgroup watchdog.
  const cpuSeconds = Math.ceil(limits.cpuTimeMs / 1000) + 1;
  const mounts = [
    ...(request.readOnlyMounts ?? []).map((mount) => [mount.hostPath, mount.sandboxPath, '0']),
    ...(request.mounts ?? []).map((mount) => [mount.hostPath, mount.sandboxPath, mount.writable ? '1' : '0']),
  ];
  const env = Object.entries({ ...baseEnv, ...request.env }).map(([name, value]) => `${name}=${value}`);
  const fields = [
    boxDir,
    boxKindField[box],
    String(cpuSeconds),
    String(limits.fileSizeBytes),
    String(limits.stackKib * 1024),
    String(limits.wallTimeMs),
    String(request.stdout.kind === 'ignore' ? Number.MAX_SAFE_INTEGER : limits.outputBytes),
    String(request.stderrCaptureBytes ?? 64 * 1024),
    relayed(request.stdin.kind),
    relayed(request.stdout.kind),
    relayed(request.stderr.kind),
    String(mounts.length),
    ...mounts.flat(),
    String(env.length),
    ...env,
    String(request.argv.length),
    ...request.argv,
    String(request.keepFiles?.length ?? 0),
    ...(request.keepFiles ?? []),
  ];
  if (fields.some((value) => value.includes('\0'))) throw new Error('A sandbox request field contains a NUL byte');
  return Buffer.from(fields.map((value) => `${value}\0`).join(''));
}

/** One run of a batch ('B'): its request payload, its whole stdin, and the CPU limit the supervisor watches. */
export interface BatchEntry {
  readonly request: Buffer;
  readonly stdin: Uint8Array;
  readonly cpuLimitMs: number;
}

/** The 'B' payload: per run [u32 CPU limit ms][u32 request length][u32 stdin length][request][stdin], LE. */
export function encodeBatch(entries: readonly BatchEntry[]): Buffer {
  const size = entries.reduce((total, entry) => total + 12 + entry.request.length + entry.stdin.length, 0);
  const payload = Buffer.allocUnsafe(size);
  let at = 0;
  for (const entry of entries) {
    // At least 1 ms: 0 would leave the run to a CPU watchdog of the judge, which a batch has not.
    payload.writeUInt32LE(Math.min(Math.max(1, entry.cpuLimitMs), 0xffffffff), at);
    payload.writeUInt32LE(entry.request.length, at + 4);
    payload.writeUInt32LE(entry.stdin.length, at + 8);
    payload.set(entry.request, at + 12);
    payload.set(entry.stdin, at + 12 + entry.request.length);
    at += 12 + entry.request.length + entry.stdin.length;
  }
  return payload;
}

/** The cgroup readings the supervisor takes itself after a batch's run (run-accounting.c). */
export interface SupervisorUsage {
  readonly cpuTimeMs: number;
  readonly peakMemoryKib: number;
  readonly oomKills: number;
  readonly pidsLimitHits: number;
}

/** What the supervisor reports at the end of a run ('X'). */
export interface SupervisorVerdict {
  readonly exitCode: number | null;
  readonly signal: number | null;
  readonly wallTimeMs: number;
  readonly killedFor: 'wall' | 'output' | 'judge' | 'cpu' | null;
  /** Only for a run of a batch. */
  readonly usage?: SupervisorUsage;
}

const killReasons = [null, 'wall', 'output', 'judge', 'cpu'] as const;

function decodeUsage(fields: readonly number[]): { usage?: SupervisorUsage } {
  const [cpuNs, peakBytes, oomKills, pidsLimitHits] = fields;
  if (cpuNs === undefined || peakBytes === undefined || oomKills === undefined || pidsLimitHits === undefined)
    return {};
  const usage = {
    cpuTimeMs: Math.trunc(cpuNs / 1e6),
    peakMemoryKib: Math.trunc(peakBytes / 1024),
    oomKills,
    pidsLimitHits,
  };
  return { usage };
}

export function decodeVerdict(payload: Buffer): SupervisorVerdict {
  const [hasStatus = 0, status = 0, wallUs = 0, killed = 0, ...rest] = payload.toString().split(' ').map(Number);
  const killedFor = killed >= 0 && killed < killReasons.length ? (killReasons[killed] ?? null) : 'judge';
  const wallTimeMs = Math.round(wallUs / 1000);
  const usage = decodeUsage(rest);
  if (hasStatus !== 1) return { exitCode: null, signal: 9, wallTimeMs, killedFor, ...usage };
  // A wait status: the low 7 bits are the signal (0 = exited), the next byte the exit code.
  const signal = status & 0x7f;
  if (signal === 0) return { exitCode: (status >> 8) & 0xff, signal: null, wallTimeMs, killedFor, ...usage };
  return { exitCode: null, signal, wallTimeMs, killedFor, ...usage };
}
