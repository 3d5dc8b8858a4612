import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandboxPipe } from '../sandbox-pipe';
import { aSandboxRunRequest } from '../testing/run-requests';
import { listenInTurn, nextBatch } from './supervisor-batch';
import type { Frame } from './supervisor-protocol';

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

/** What listenInTurn routes: a supervisor's two handlers, which the queue installs and takes back. */
function aSupervisorsHandlers() {
  return { onFrame: (_frame: Frame) => undefined as void, onExit: (_reason: string) => undefined as void };
}

const frame = (type: 'X' | 'Z', text: string): Frame => ({ type, payload: Buffer.from(text) });

/** A batch's listener that records the frames it was given. */
function aListener() {
  const heard: string[] = [];
  return {
    heard,
    listener: { onFrame: (f: Frame) => void heard.push(`${f.type}${f.payload.toString()}`), onExit: () => undefined },
  };
}

describe('the frames of batches in flight on one supervisor', () => {
  it('go to the newest batch even when an older one takes itself out after it started (the pipelined run that hung)', () => {
    const supervisor = aSupervisorsHandlers();
    const [first, second, third] = [aListener(), aListener(), aListener()];
    const unlistenFirst = listenInTurn(supervisor, first.listener);
    const unlistenSecond = listenInTurn(supervisor, second.listener);
    // Both end in one read of the supervisor's output, before either has collected its results.
    supervisor.onFrame(frame('Z', '1'));
    supervisor.onFrame(frame('Z', '1'));
    unlistenSecond();
    listenInTurn(supervisor, third.listener);
    // The first batch's results took longer: it takes itself out only now.
    unlistenFirst();
    supervisor.onFrame(frame('X', 'third'));
    supervisor.onFrame(frame('Z', '1'));
    expect([first.heard, second.heard, third.heard]).toEqual([['Z1'], ['Z1'], ['Xthird', 'Z1']]);
  });

  it('each go to the oldest batch that has neither ended nor left, whatever the order of starts, ends and leaves', () => {
    type Step = { kind: 'listen' } | { kind: 'frame'; type: 'X' | 'Z' } | { kind: 'leave'; pick: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant({ kind: 'listen' as const }),
      fc.constantFrom('X' as const, 'Z' as const).map((type) => ({ kind: 'frame' as const, type })),
      fc.nat(20).map((pick) => ({ kind: 'leave' as const, pick })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const supervisor = aSupervisorsHandlers();
        const listeners: { heard: string[]; expected: string[]; leave: () => void; left: boolean }[] = [];
        // The model: listeners in the order they started, each until its 'Z' or until it leaves.
        const inTurn: number[] = [];
        steps.forEach((each, index) => {
          if (each.kind === 'listen') {
            const { heard, listener } = aListener();
            const leave = listenInTurn(supervisor, listener);
            inTurn.push(listeners.length);
            listeners.push({ heard, expected: [], leave, left: false });
          } else if (each.kind === 'frame') {
            const oldest = inTurn[0];
            if (oldest !== undefined) listeners[oldest]?.expected.push(`${each.type}${index}`);
            if (each.type === 'Z') inTurn.shift();
            supervisor.onFrame(frame(each.type, String(index)));
          } else {
            const present = listeners.filter((listener) => !listener.left);
            const leaving = present[each.pick % Math.max(1, present.length)];
            if (!leaving) return;
            leaving.left = true;
            leaving.leave();
            const at = inTurn.indexOf(listeners.indexOf(leaving));
            if (at >= 0) inTurn.splice(at, 1);
          }
        });
        for (const listener of listeners) expect(listener.heard).toEqual(listener.expected);
      }),
      { numRuns: 2000 },
    );
  });
});
