/** Display rules of spec 000 §9: empty values, memory units, time, length and AC rate. */
export const emptyValue = '--';

const memoryUnits = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

const trimmed = (value: number): string => String(Math.round(value * 100) / 100);

/** Memory arrives in KB and steps by 1024 up to YB. */
export const formatMemory = (kib: number | null | undefined): string => {
  if (kib === null || kib === undefined) return emptyValue;
  let value = kib;
  let unit = 0;
  while (value >= 1024 && unit < memoryUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${trimmed(value)}${memoryUnits[unit] ?? 'KB'}`;
};

export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? emptyValue : `${ms}ms`;

export const formatLength = (bytes: number | null | undefined): string =>
  bytes === null || bytes === undefined ? emptyValue : `${bytes}B`;

/** AC rate in percent with two decimals; 0 when nothing was submitted (spec 000 §2.3). */
export const acRate = (ac: number, total: number): string => (total === 0 ? '0' : ((ac / total) * 100).toFixed(2));
