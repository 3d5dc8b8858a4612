import { describe, expect, it } from 'vitest';
import { unreadBadgeLabel } from './unread-badge-label';

describe('unreadBadgeLabel (spec 000 §2.1)', () => {
  it('hides the number at 0, shows it up to 99 and caps it above', () => {
    expect(unreadBadgeLabel(0)).toBeNull();
    expect(unreadBadgeLabel(1)).toBe('1');
    expect(unreadBadgeLabel(99)).toBe('99');
    expect(unreadBadgeLabel(100)).toBe('99+');
  });
});
