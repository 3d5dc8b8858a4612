import { describe, expect, it } from 'vitest';
import { abortablePause, untilAborted } from './abortable-pause';

const settledWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('abortablePause', () => {
  it('ends at the abort, and at once for a signal that aborted before the call', async () => {
    const stopping = new AbortController();
    const pause = abortablePause(60_000, stopping.signal);
    stopping.abort();

    expect(await settledWithin(pause, 1_000)).toBe(true);
    expect(await settledWithin(abortablePause(60_000, stopping.signal), 1_000)).toBe(true);
  });

  it('ends after its time when nothing aborts', async () => {
    expect(await settledWithin(abortablePause(10, new AbortController().signal), 1_000)).toBe(true);
    expect(await settledWithin(abortablePause(60_000, new AbortController().signal), 50)).toBe(false);
  });
});

describe('untilAborted', () => {
  it('waits for the abort, and resolves at once when it came first (a stop during start-up)', async () => {
    const stopping = new AbortController();
    const waiting = untilAborted(stopping.signal);
    expect(await settledWithin(waiting, 50)).toBe(false);

    stopping.abort();

    expect(await settledWithin(waiting, 1_000)).toBe(true);
    expect(await settledWithin(untilAborted(stopping.signal), 1_000)).toBe(true);
  });
});
