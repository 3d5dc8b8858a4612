import { describe, expect, it } from 'vitest';
import { acRateText } from './rank-figures';

describe('acRateText', () => {
  it('given no submission, then 0', () => expect(acRateText(0, 0)).toBe('0.00%'));
  it('given 1 of 3, then two decimals', () => expect(acRateText(1, 3)).toBe('33.33%'));
  it('given all accepted, then 100', () => expect(acRateText(4, 4)).toBe('100.00%'));
});
