import { describe, expect, it } from 'vitest';
import { createSandboxPipe } from '../sandbox-pipe';
import { aSandboxRunRequest } from '../testing/run-requests';
import { nextBatch } from './supervisor-batch';

const request = aSandboxRunRequest;

describe('which requests one batch carries', () => {
  it('takes the leading requests of one memory and process limit, whatever their CPU and wall limits', () => {
    const other = request({ limits: { ...request().limits, memoryKib: 131072 } });
    const slower = request({ limits: { ...request().limits, cpuTimeMs: 5000, wallTimeMs: 9000 } });
    expect(nextBatch([request(), slower, other, request()])).toHaveLength(2);
    expect(nextBatch([other, request()])).toHaveLength(1);
  });

  it('leaves a pipe or a stdin too large to carry to a run of its own', () => {
    const pipe = createSandboxPipe();
    expect(nextBatch([request({ stdout: { kind: 'pipe', pipe } }), request()])).toEqual([]);
    const big = request({ stdin: { kind: 'bytes', content: new Uint8Array(4 * 1024 * 1024 + 1) } });
    expect(nextBatch([request(), big, request()])).toHaveLength(1);
    expect(nextBatch([request({ stdin: { kind: 'pipe', pipe } })])).toEqual([]);
  });

  it('carries each stdin whole and bounds a batch to 256 runs and 32 MiB of stdin', () => {
    const [entry] = nextBatch([request({ stdin: { kind: 'bytes', content: 'one two' } })]);
    expect(Buffer.from(entry?.stdin ?? []).toString()).toBe('one two');
    expect(nextBatch(Array.from({ length: 300 }, () => request()))).toHaveLength(256);
    const fourMib = request({ stdin: { kind: 'bytes', content: new Uint8Array(4 * 1024 * 1024) } });
    expect(nextBatch(Array.from({ length: 10 }, () => fourMib))).toHaveLength(8);
  });
});
