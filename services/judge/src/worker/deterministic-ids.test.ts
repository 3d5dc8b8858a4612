import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { judgeEventIds, nameBasedUuid } from './deterministic-ids';

describe('nameBasedUuid', () => {
  it('gives the same version-5 uuid for the same name in every call', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const id = nameBasedUuid(name);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(nameBasedUuid(name)).toBe(id);
      }),
    );
  });

  it('gives different ids to different names', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => a === b || nameBasedUuid(a) !== nameBasedUuid(b)));
  });
});

describe('judgeEventIds', () => {
  it('shares one final-verdict id per attempt and separates deliveries and cases', () => {
    expect(judgeEventIds.finalVerdict(7, 1)).toBe(judgeEventIds.finalVerdict(7, 1));
    expect(judgeEventIds.finalVerdict(7, 1)).not.toBe(judgeEventIds.finalVerdict(7, 2));
    expect(judgeEventIds.started(7, 0, 1)).not.toBe(judgeEventIds.started(7, 0, 2));
    expect(judgeEventIds.caseJudged(7, 0, 1, 1)).not.toBe(judgeEventIds.caseJudged(7, 0, 1, 2));
    expect(judgeEventIds.caseJudged(7, 0, 1, 1)).not.toBe(judgeEventIds.caseJudged(7, 0, 2, 1));
  });
});
