/** The one way services read time, so tests and deciders get it passed in. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test moves by hand. */
export function manualClock(start: Date): Clock & { advanceBy(milliseconds: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceBy(milliseconds) {
      current += milliseconds;
    },
  };
}
