import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asksContestFirst, contestRecheckMs } from './contest-first';

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
