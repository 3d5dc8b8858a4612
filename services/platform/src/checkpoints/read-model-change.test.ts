import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readModelChangePayloads, readModelChangeSchema } from './read-model-change';

describe('readModelChangePayloads', () => {
  it('sends one payload with the deduplicated topics of a small batch', () => {
    const payloads = readModelChangePayloads('p', 12n, ['contest:1', 'contest:1', 'user:2']);
    expect(payloads.map((payload) => readModelChangeSchema.parse(JSON.parse(payload)))).toEqual([
      { projection: 'p', position: '12', topics: ['contest:1', 'user:2'] },
    ]);
  });

  it('sends a payload even when only the checkpoint moved', () => {
    expect(readModelChangePayloads('p', 3n, [])).toEqual([
      JSON.stringify({ projection: 'p', position: '3', topics: [] }),
    ]);
  });

  it('splits many topics into payloads under the NOTIFY limit that together carry every topic once', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 60 }), { maxLength: 600 }), (topics) => {
        const payloads = readModelChangePayloads('projection', 99n, topics);
        expect(payloads.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
        const carried = payloads.flatMap((payload) => readModelChangeSchema.parse(JSON.parse(payload)).topics);
        expect(carried).toEqual([...new Set(topics)]);
      }),
      { numRuns: 50 },
    );
  });
});
