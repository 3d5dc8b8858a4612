import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asksContestFirst, contestRecheckMs, queueWatchedWhenIdle } from './contest-first';

describe('asksContestFirst', () => {
  it('asks the contest queue whenever it holds an undelivered task', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (outForDelivery, msSinceAsked) =>
        asksContestFirst({ undelivered: 1, outForDelivery, msSinceAsked }),
      ),
    );
  });

  it('goes straight to the normal queue when the contest queue is empty', () => {
    expect(asksContestFirst({ undelivered: 0, outForDelivery: 0, msSinceAsked: Infinity })).toBe(false);
  });

  it('looks for a contest redelivery at most every recheck interval', () => {
    expect(asksContestFirst({ undelivered: 0, outForDelivery: 2, msSinceAsked: contestRecheckMs - 1 })).toBe(false);
    expect(asksContestFirst({ undelivered: 0, outForDelivery: 2, msSinceAsked: contestRecheckMs })).toBe(true);
    expect(asksContestFirst({ undelivered: 0, outForDelivery: 1, msSinceAsked: Infinity })).toBe(true);
  });
});

describe('queueWatchedWhenIdle', () => {
  it('has an idle judge of two or more slots watch both queues', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (slots) => {
        const watched = Array.from({ length: slots }, (_, slotIndex) => queueWatchedWhenIdle(slotIndex, slots));
        return watched.includes('contest') && watched.includes('normal');
      }),
    );
  });

  it('keeps a single slot on the normal queue', () => {
    expect(queueWatchedWhenIdle(0, 1)).toBe('normal');
  });
});
