import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffRows, examplesPerKind, rebuildReportOf, shortenRow, type TableRow } from './rebuild-report';

const rowsArbitrary = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 0, max: 30 }), tally: fc.integer({ min: 0, max: 3 }) }),
  { selector: (row) => row.id, maxLength: 25 },
);

describe('diffRows', () => {
  it('finds nothing between a table and itself', () => {
    fc.assert(
      fc.property(rowsArbitrary, (rows) => {
        const diff = diffRows('t', rows, [...rows].reverse(), ['id']);
        expect([diff.onlyInOld, diff.onlyInNew, diff.changed, diff.examples.length]).toEqual([0, 0, 0, 0]);
      }),
    );
  });

  it('accounts for every row: matched rows plus rows only on one side make up each side', () => {
    fc.assert(
      fc.property(rowsArbitrary, rowsArbitrary, (before, after) => {
        const diff = diffRows('t', before, after, ['id']);
        expect(diff.oldRows - diff.onlyInOld).toBe(diff.newRows - diff.onlyInNew);
        const swapped = diffRows('t', after, before, ['id']);
        expect([swapped.onlyInOld, swapped.onlyInNew, swapped.changed]).toEqual([
          diff.onlyInNew,
          diff.onlyInOld,
          diff.changed,
        ]);
        expect(diff.examples.filter((example) => example.kind === 'changed').length).toBe(
          Math.min(diff.changed, examplesPerKind),
        );
      }),
    );
  });

  it('reports a missing, an extra and a changed row with both sides of the change', () => {
    const diff = diffRows(
      'example_tallies',
      [
        { stream: 'a', tally: 1 },
        { stream: 'b', tally: 2 },
      ],
      [
        { stream: 'b', tally: 3 },
        { stream: 'c', tally: 1 },
      ],
      ['stream'],
    );
    expect(diff).toEqual({
      table: 'example_tallies',
      oldRows: 2,
      newRows: 2,
      onlyInOld: 1,
      onlyInNew: 1,
      changed: 1,
      examples: [
        { kind: 'onlyInOld', old: { stream: 'a', tally: 1 }, new: null },
        { kind: 'changed', old: { stream: 'b', tally: 2 }, new: { stream: 'b', tally: 3 } },
        { kind: 'onlyInNew', old: null, new: { stream: 'c', tally: 1 } },
      ],
    });
  });

  it('counts duplicates of a table without a key as often as they occur', () => {
    const row: TableRow = { user: 'u', problem: 1 };
    const diff = diffRows('keyless', [row, row], [row], []);
    expect([diff.onlyInOld, diff.onlyInNew, diff.changed]).toEqual([1, 0, 0]);
  });
});

describe('rebuildReportOf', () => {
  it('calls the rebuild identical only when no table differs', () => {
    const same = diffRows('a', [{ id: 1 }], [{ id: 1 }], ['id']);
    const differing = diffRows('b', [{ id: 1, v: 1 }], [{ id: 1, v: 2 }], ['id']);
    expect(rebuildReportOf(3, 42n, [same]).identical).toBe(true);
    expect(rebuildReportOf(3, 42n, [same, differing])).toMatchObject({ identical: false, position: '42' });
  });
});

describe('shortenRow', () => {
  it('cuts long texts and objects but keeps short values as they are', () => {
    const shortened = shortenRow({ code: 'x'.repeat(500), rows: { a: 'y'.repeat(300) }, n: 7, s: 'ok' });
    expect(shortened?.n).toBe(7);
    expect(shortened?.s).toBe('ok');
    expect(String(shortened?.code)).toHaveLength(121);
    expect(String(shortened?.rows).startsWith('{"a":"yyy')).toBe(true);
  });
});
