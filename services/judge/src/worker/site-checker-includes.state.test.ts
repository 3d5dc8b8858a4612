import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldCheckerIncludes } from './site-checker-includes.state';

const at = '2026-11-22T10:00:00.000Z';
const uploaded = (name: string, sha256: string) => ({
  type: 'CheckerIncludeUploaded',
  data: { name, sha256, sizeBytes: 1, uploadedBy: 'root', uploadedAt: at },
});
const removed = (name: string) => ({ type: 'CheckerIncludeRemoved', data: { name, removedBy: 'root', removedAt: at } });
const hash = (digit: string) => digit.repeat(64);

describe('foldCheckerIncludes', () => {
  it('keeps the latest upload per name, forgets removed names and skips other site events', () => {
    const events = [
      { type: 'WebsiteConfigSet', data: {} },
      uploaded('testlib.h', hash('a')),
      uploaded('extra.h', hash('b')),
      uploaded('testlib.h', hash('c')),
      removed('extra.h'),
    ];
    expect(foldCheckerIncludes(events)).toEqual({ 'testlib.h': hash('c') });
  });

  it('equals replaying the uploads and removals on a plain map', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('up' as const),
        name: fc.constantFrom('a.h', 'b.h', 'c.h'),
        digit: fc.constantFrom('1', '2'),
      }),
      fc.record({ kind: fc.constant('rm' as const), name: fc.constantFrom('a.h', 'b.h', 'c.h') }),
    );
    fc.assert(
      fc.property(fc.array(step), (steps) => {
        const model: Record<string, string> = {};
        for (const s of steps) {
          if (s.kind === 'up') model[s.name] = hash(s.digit);
          else delete model[s.name];
        }
        const events = steps.map((s) => (s.kind === 'up' ? uploaded(s.name, hash(s.digit)) : removed(s.name)));
        expect(foldCheckerIncludes(events)).toEqual(model);
      }),
    );
  });
});
