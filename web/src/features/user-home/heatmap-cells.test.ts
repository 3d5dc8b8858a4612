import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heatmapCells, levelOf } from './heatmap-cells';

describe('heatmapCells', () => {
  it('given an end day, then the last square is that day, the first is a Sunday, and every day is in order', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
        const endDate = at.toISOString().slice(0, 10);
        const cells = heatmapCells(endDate, []);
        expect(cells.at(-1)?.date).toBe(endDate);
        expect(new Date(`${cells[0]?.date ?? ''}T00:00:00Z`).getUTCDay()).toBe(0);
        expect(cells.length).toBeGreaterThanOrEqual(365);
        cells.forEach((cell, index) => {
          expect(cell.column * 7 + cell.row).toBe(index);
          expect(new Date(`${cell.date}T00:00:00Z`).getUTCDay()).toBe(cell.row);
        });
      }),
    );
  });

  it("given counts, then each lands on its day's square and older days are left out", () => {
    const cells = heatmapCells('2026-11-22', [
      { date: '2026-11-22', count: 2 },
      { date: '2026-01-05', count: 7 },
      { date: '2024-01-01', count: 9 },
    ]);
    expect(cells.find((cell) => cell.date === '2026-11-22')).toMatchObject({ count: 2, level: 1 });
    expect(cells.find((cell) => cell.date === '2026-01-05')).toMatchObject({ count: 7, level: 3 });
    expect(cells.some((cell) => cell.date === '2024-01-01')).toBe(false);
  });

  it('given more submissions, then the level never goes down', () => {
    fc.assert(fc.property(fc.nat(100), fc.nat(100), (a, b) => levelOf(Math.min(a, b)) <= levelOf(Math.max(a, b))));
  });
});
