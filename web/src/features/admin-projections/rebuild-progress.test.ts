import { describe, expect, it } from 'vitest';
import { differingTables, lagParts, rebuildPercent } from './rebuild-progress';

describe('rebuildPercent', () => {
  it('counts replayed events against the store, and never shows a replay as finished', () => {
    expect(rebuildPercent({ state: 'queued', replayedEvents: 0, totalEvents: null })).toBe(0);
    expect(rebuildPercent({ state: 'replaying', replayedEvents: 250, totalEvents: 1000 })).toBe(25);
    expect(rebuildPercent({ state: 'replaying', replayedEvents: 1200, totalEvents: 1000 })).toBe(99);
    expect(rebuildPercent({ state: 'replaying', replayedEvents: 5, totalEvents: null })).toBe(0);
    expect(rebuildPercent({ state: 'swapping', replayedEvents: 5, totalEvents: 9 })).toBe(100);
  });
});

describe('differingTables', () => {
  it('keeps the tables with a row only on one side or changed', () => {
    const table = (name: string, changed: number) => ({
      table: name,
      oldRows: 1,
      newRows: 1,
      onlyInOld: 0,
      onlyInNew: 0,
      changed,
      examples: [],
    });
    expect(differingTables([table('a', 0), table('b', 2)]).map((diff) => diff.table)).toEqual(['b']);
  });
});

describe('lagParts', () => {
  it('names the largest whole unit', () => {
    expect(lagParts(0.4)).toEqual({ count: 0, unit: 'seconds' });
    expect(lagParts(90)).toEqual({ count: 1, unit: 'minutes' });
    expect(lagParts(7200)).toEqual({ count: 2, unit: 'hours' });
    expect(lagParts(200_000)).toEqual({ count: 2, unit: 'days' });
  });
});
