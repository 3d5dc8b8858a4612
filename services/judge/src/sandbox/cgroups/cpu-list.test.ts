import { availableParallelism } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedCpus, parseCpuList } from './cpu-list';

describe('parseCpuList', () => {
  it('reads single CPUs and ranges', () => {
    expect(parseCpuList('0-1\n')).toEqual([0, 1]);
    expect(parseCpuList('0,2-4,7')).toEqual([0, 2, 3, 4, 7]);
    expect(parseCpuList('')).toEqual([]);
  });

  it('refuses what is not a CPU list', () => {
    expect(() => parseCpuList('0-a')).toThrow(/Not a CPU list/);
  });

  it('reads back any set of CPUs written as the kernel writes it', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }), (cpus) => {
        const sorted = [...cpus].sort((a, b) => a - b);
        const runs: string[] = [];
        for (let at = 0; at < sorted.length;) {
          let end = at;
          while (sorted[end + 1] === (sorted[end] ?? 0) + 1) end += 1;
          runs.push(end === at ? String(sorted[at]) : `${sorted[at]}-${sorted[end]}`);
          at = end + 1;
        }
        expect(parseCpuList(runs.join(','))).toEqual(sorted);
      }),
    );
  });
});

describe('allowedCpus', () => {
  it('names as many CPUs as the process may use (its affinity)', () => {
    expect(allowedCpus()).toHaveLength(availableParallelism());
  });
});
