import { describe, expect, it } from 'vitest';
import { microBatches } from './micro-batches';

async function* readyThenLive(ready: number[], live: number[]): AsyncGenerator<number> {
  yield* ready;
  for (const value of live) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    yield value;
  }
}

async function collect(source: AsyncIterable<number>, maxSize: number): Promise<number[][]> {
  const batches: number[][] = [];
  for await (const batch of microBatches(source, maxSize)) batches.push(batch);
  return batches;
}

describe('microBatches', () => {
  it('puts what the source has ready into batches of at most maxSize', async () => {
    expect(await collect(readyThenLive([1, 2, 3, 4, 5], []), 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('hands on an event that had to be waited for without waiting for more', async () => {
    expect(await collect(readyThenLive([1, 2], [3, 4]), 10)).toEqual([[1, 2], [3], [4]]);
  });

  it('ends with the source and closes it when the consumer stops early', async () => {
    let isClosed = false;
    async function* endless(): AsyncGenerator<number> {
      try {
        for (let value = 0; ; value++) yield value;
      } finally {
        isClosed = true;
      }
    }
    expect(await collect(readyThenLive([], []), 3)).toEqual([]);
    for await (const batch of microBatches(endless(), 4)) {
      expect(batch).toEqual([0, 1, 2, 3]);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(isClosed).toBe(true);
  });

  it('hands a source failure to the consumer even when it happens while the consumer is busy', async () => {
    let fail: (error: Error) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => (fail = reject));
    async function* failingLater(): AsyncGenerator<number> {
      yield 1;
      await failure;
    }
    const batches = microBatches(failingLater(), 1);
    expect((await batches.next()).value).toEqual([1]);
    fail(new Error('connection lost'));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(batches.next()).rejects.toThrow('connection lost');
  });
});
