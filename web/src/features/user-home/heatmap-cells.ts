/** One square of the calendar heatmap: a UTC day placed in its week column and weekday row (Sunday first). */
export type HeatmapCell = { date: string; count: number; column: number; row: number; level: 0 | 1 | 2 | 3 | 4 };

const dayMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Spec 000 §9: the heatmap covers the last year, from the Sunday 52 weeks before the end day's week. */
export const heatmapCells = (endDate: string, counts: readonly { date: string; count: number }[]): HeatmapCell[] => {
  const end = Date.parse(`${endDate}T00:00:00Z`);
  if (Number.isNaN(end)) return [];
  const byDay = new Map(counts.map((entry) => [entry.date, entry.count]));
  const start = end - (new Date(end).getUTCDay() + 52 * 7) * dayMs;
  const cells: HeatmapCell[] = [];
  for (let time = start, index = 0; time <= end; time += dayMs, index++) {
    const date = isoDay(time);
    const count = byDay.get(date) ?? 0;
    cells.push({ date, count, column: Math.floor(index / 7), row: index % 7, level: levelOf(count) });
  }
  return cells;
};

export const levelOf = (count: number): HeatmapCell['level'] => {
  if (count <= 0) return 0;
  if (count < 3) return 1;
  if (count < 6) return 2;
  if (count < 10) return 3;
  return 4;
};
