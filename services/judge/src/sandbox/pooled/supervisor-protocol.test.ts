import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SandboxRunRequest } from '../sandbox';
import {
  createFrameDecoder,
  decodeVerdict,
  encodeBatch,
  encodeFrame,
  encodeRequest,
  type Frame,
} from './supervisor-protocol';

const frameTypes = ['O', 'D', 'X', 'F'] as const;

describe('supervisor frames', () => {
  it('decodes the frames whatever chunks the pipe delivers them in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ type: fc.constantFrom(...frameTypes), payload: fc.uint8Array({ maxLength: 300 }) })),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1 }),
        (frames, cuts) => {
          const bytes = Buffer.concat(frames.map((frame) => encodeFrame(frame.type, frame.payload)));
          const seen: Frame[] = [];
          const decode = createFrameDecoder((frame) => seen.push(frame));
          let at = 0;
          for (let index = 0; at < bytes.length; index += 1) {
            const size = cuts[index % cuts.length] ?? 1;
            decode(bytes.subarray(at, at + size));
            at += size;
          }
          expect(seen.map((frame) => [frame.type, Buffer.from(frame.payload).toString('hex')])).toEqual(
            frames.map((frame) => [frame.type, Buffer.from(frame.payload).toString('hex')]),
          );
        },
      ),
    );
  });

  it('reads the wait status of a program that exited, was signalled, or was killed before reporting', () => {
    expect(decodeVerdict(Buffer.from('1 768 1500 0'))).toEqual({
      exitCode: 3,
      signal: null,
      wallTimeMs: 2,
      killedFor: null,
    });
    expect(decodeVerdict(Buffer.from('1 11 2000 0'))).toMatchObject({ exitCode: null, signal: 11 });
    expect(decodeVerdict(Buffer.from('0 -1 3000000 1'))).toEqual({
      exitCode: null,
      signal: 9,
      wallTimeMs: 3000,
      killedFor: 'wall',
    });
  });

  it('lays a request out as the NUL-separated fields the supervisor parses', () => {
    const request: SandboxRunRequest = {
      argv: ['/box/main', 'x'],
      boxDir: '/ignored',
      writableBox: false,
      limits: {
        cpuTimeMs: 1500,
        wallTimeMs: 3000,
        memoryKib: 1024,
        stackKib: 8,
        processes: 4,
        outputBytes: 100,
        fileSizeBytes: 10,
      },
      env: { A: 'b' },
      stdin: { kind: 'ignore' },
      stdout: { kind: 'capture' },
      stderr: { kind: 'capture' },
      readOnlyMounts: [{ hostPath: '/h/main', sandboxPath: '/box/main' }],
      keepFiles: ['out.txt'],
    };
    const fields = encodeRequest(request, '/work/box-1', 'writable').toString().split('\0');
    expect(fields).toEqual([
      ...['/work/box-1', '1', '3', '10', '8192', '3000', '100', '65536', '0', '1', '1'],
      ...['1', '/h/main', '/box/main', '0'],
      ...['4', 'PATH=/usr/bin:/bin', 'HOME=/tmp', 'LANG=C.UTF-8', 'A=b'],
      ...['2', '/box/main', 'x'],
      ...['1', 'out.txt', ''],
    ]);
    expect(() => encodeRequest({ ...request, argv: ['a\0b'] }, '/b', 'read-only')).toThrow(/NUL/);
    expect(encodeRequest(request, '/work/box-2', 'fresh').toString().split('\0')[1]).toBe('2');
  });

  it("reads a batch run's report with the cgroup readings the supervisor took, and a CPU kill", () => {
    expect(decodeVerdict(Buffer.from('0 -1 420000 4 1000999999 67108864 0 2'))).toEqual({
      exitCode: null,
      signal: 9,
      wallTimeMs: 420,
      killedFor: 'cpu',
      usage: { cpuTimeMs: 1000, peakMemoryKib: 65536, oomKills: 0, pidsLimitHits: 2 },
    });
  });

  it('lays a batch out as entries the supervisor walks by their lengths', () => {
    const entry = fc.record({
      request: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      stdin: fc.uint8Array({ maxLength: 64 }),
      cpuLimitMs: fc.integer({ min: 1, max: 0xffffffff }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (entries) => {
        // The walk run-supervisor.c's serve_batch makes.
        const payload = encodeBatch(entries);
        const walked = [];
        for (let at = 0; payload.length - at >= 12;) {
          const [cpuLimitMs, requestLength, stdinLength] = [0, 4, 8].map(
            (offset) => payload.readUInt32LE(at + offset) as number,
          );
          at += 12;
          const request = payload.subarray(at, at + (requestLength ?? 0));
          at += requestLength ?? 0;
          const stdin = new Uint8Array(payload.subarray(at, at + (stdinLength ?? 0)));
          at += stdinLength ?? 0;
          walked.push({ request, stdin, cpuLimitMs });
        }
        expect(walked).toEqual(entries.map((e) => ({ ...e, stdin: new Uint8Array(e.stdin) })));
      }),
    );
  });
});
