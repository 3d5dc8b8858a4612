import type { ProjectionRebuild, TableDiff } from '@oj/contracts';

/** The bar's value, 0–100: replayed events of the store's count; a swap is the last step, shown full. */
export const rebuildPercent = (rebuild: Pick<ProjectionRebuild, 'state' | 'replayedEvents' | 'totalEvents'>) => {
  if (rebuild.state === 'queued') return 0;
  if (rebuild.state !== 'replaying') return 100;
  if (!rebuild.totalEvents) return 0;
  return Math.min(99, Math.floor((rebuild.replayedEvents / rebuild.totalEvents) * 100));
};

export const isActiveRebuild = (rebuild: Pick<ProjectionRebuild, 'state'> | null) =>
  rebuild !== null && ['queued', 'replaying', 'swapping'].includes(rebuild.state);

/** Tables that differ, for the report: the others are listed as identical in one line. */
export const differingTables = (tables: readonly TableDiff[]) =>
  tables.filter((table) => table.onlyInOld + table.onlyInNew + table.changed > 0);

/** A lag in seconds as the largest whole unit (e.g. 90 → { count: 1, unit: 'minutes' }). */
export const lagParts = (seconds: number): { count: number; unit: 'seconds' | 'minutes' | 'hours' | 'days' } => {
  if (seconds < 60) return { count: Math.floor(seconds), unit: 'seconds' };
  if (seconds < 3600) return { count: Math.floor(seconds / 60), unit: 'minutes' };
  if (seconds < 86_400) return { count: Math.floor(seconds / 3600), unit: 'hours' };
  return { count: Math.floor(seconds / 86_400), unit: 'days' };
};
