import type { SandboxRunRequest } from '../sandbox';

/**
 * Frames between the judge and a pooled slot's supervisor (run-supervisor.c):
 * [type: 1 byte][payload length: u32 LE][payload].
 */
export type FrameType = 'S' | 'R' | 'I' | 'E' | 'K' | 'O' | 'D' | 'X' | 'F';

export interface Frame {
  readonly type: FrameType;
  readonly payload: Buffer;
}

export function encodeFrame(type: FrameType, payload: Uint8Array = new Uint8Array(0)): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(payload.length, 1);
  return Buffer.concat([header, payload]);
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

/** What the supervisor reports at the end of a run ('X'). */
export interface SupervisorVerdict {
  readonly exitCode: number | null;
  readonly signal: number | null;
  readonly wallTimeMs: number;
  readonly killedFor: 'wall' | 'output' | 'judge' | null;
}

const killReasons = [null, 'wall', 'output', 'judge'] as const;

export function decodeVerdict(payload: Buffer): SupervisorVerdict {
  const [hasStatus = 0, status = 0, wallUs = 0, killed = 0] = payload.toString().split(' ').map(Number);
  const killedFor = killed >= 0 && killed < killReasons.length ? (killReasons[killed] ?? null) : 'judge';
  const wallTimeMs = Math.round(wallUs / 1000);
  if (hasStatus !== 1) return { exitCode: null, signal: 9, wallTimeMs, killedFor };
  // A wait status: the low 7 bits are the signal (0 = exited), the next byte the exit code.
  const signal = status & 0x7f;
  if (signal === 0) return { exitCode: (status >> 8) & 0xff, signal: null, wallTimeMs, killedFor };
  return { exitCode: null, signal, wallTimeMs, killedFor };
}
