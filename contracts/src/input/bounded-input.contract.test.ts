import { describe, expect, it } from 'vitest';
import { emailAddress, idParam, isEmailAddress, int4Max } from './bounded-input.contract';

describe('the bounded building blocks', () => {
  it('F1: refuses a megabyte of hostile email by its length, before any pattern looks at it', () => {
    const hostile = 'a@' + '.'.repeat(1024 * 1024) + '@';

    const result = emailAddress('users.emailFormat').safeParse(hostile);

    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', message: 'users.emailFormat' });
  });

  it('F1: takes a real address trimmed, and answers "not an email" for the shapes the old regex took', () => {
    expect(emailAddress().parse('  someone@example.com ')).toBe('someone@example.com');
    expect(isEmailAddress('a@b.c@d.e')).toBe(false);
    expect(isEmailAddress('x'.repeat(250) + '@e.co')).toBe(false);
  });

  it('takes ids that fit an integer column and nothing past it', () => {
    expect(idParam.parse('2147483647')).toBe(int4Max);
    for (const bad of ['2147483648', '0', '-0', '-1', '1e309', 'NaN', '1.5', ''])
      expect(idParam.safeParse(bad).success, bad).toBe(false);
  });
});
