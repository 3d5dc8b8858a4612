import { describe, expect, it } from 'vitest';
import { swapPolicy } from './swap-policy';

describe('swapPolicy', () => {
  it('limits swap wherever the cgroup counts it', () => {
    expect(swapPolicy({ version: 'v1', canLimitSwap: true, swapIsActive: true })).toBe('limit');
    expect(swapPolicy({ version: 'v2', canLimitSwap: true, swapIsActive: true })).toBe('limit');
  });

  it('has nothing to bound on a machine without swap', () => {
    expect(swapPolicy({ version: 'v2', canLimitSwap: false, swapIsActive: false })).toBe('no-swap');
  });

  it('F16: sets swappiness 0 on cgroup v1 without memsw while swap is on', () => {
    expect(swapPolicy({ version: 'v1', canLimitSwap: false, swapIsActive: true })).toBe('swappiness-0');
  });

  it('F16: refuses cgroup v2 without memory.swap.max while swap is on', () => {
    expect(swapPolicy({ version: 'v2', canLimitSwap: false, swapIsActive: true })).toBe('refuse');
  });
});
