import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineStreamEvents } from './define-stream-events';

describe('defineStreamEvents', () => {
  const tallies = defineStreamEvents({
    TallyCounted: z.object({ count: z.number().int() }),
    TallyReset: z.object({ resetAt: z.string() }),
  });

  it('yields the types and parses a known event into the union', () => {
    expect(tallies.types).toEqual(['TallyCounted', 'TallyReset']);
    expect(tallies.parse({ type: 'TallyCounted', data: { count: 2 } })).toEqual({
      type: 'TallyCounted',
      data: { count: 2 },
    });
  });

  it('answers null for a type the stream does not know, and throws on bad data of a known one', () => {
    expect(tallies.parse({ type: 'toString', data: {} })).toBeNull();
    expect(() => tallies.parse({ type: 'TallyCounted', data: { count: 'two' } })).toThrow();
  });
});
