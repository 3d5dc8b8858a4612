import { describe, expect, it } from 'vitest';
import { containsPattern } from './contains-pattern';

describe('containsPattern', () => {
  it('wraps the fragment in % and escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('a+b')).toBe('%a+b%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
