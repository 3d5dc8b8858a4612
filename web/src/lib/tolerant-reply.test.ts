import { describe, expect, it } from 'vitest';
import { tagRow } from '@oj/contracts';
import { tolerantOf } from './tolerant-reply';

describe('tolerantOf', () => {
  const tag = tolerantOf(tagRow, ['id', 'name']);

  it("reads the contract's shape with every other field missing or null, and keeps unknown fields", () => {
    expect(tag.parse({ id: 1, name: 'dp', color: null, extra: true })).toEqual({
      id: 1,
      name: 'dp',
      color: null,
      extra: true,
    });
  });

  it('still refuses a reply without a kept field, or a field of the wrong type', () => {
    expect(tag.safeParse({ name: 'dp' }).success).toBe(false);
    expect(tag.safeParse({ id: 1, name: 'dp', tcid: 'x' }).success).toBe(false);
  });
});
