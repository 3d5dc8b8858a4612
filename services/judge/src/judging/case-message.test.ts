import { describe, expect, it } from 'vitest';
import { caseMessage, caseMessageChars } from './case-message';

describe('issue 11 item 2: caseMessage', () => {
  it('keeps a short checker message as it is', () => {
    expect(caseMessage('wrong answer on line 3: expected 5, found 4')).toBe(
      'wrong answer on line 3: expected 5, found 4',
    );
  });

  it('cuts a flood to the bound', () => {
    expect(caseMessage('x'.repeat(50_000))).toHaveLength(caseMessageChars);
  });

  it('never leaves half of a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(caseMessageChars - 1)}😀tail`;
    const cut = caseMessage(text);
    expect(cut).toBe('a'.repeat(caseMessageChars - 1));
  });

  it('drops NUL, which Postgres cannot store in jsonb', () => {
    expect(caseMessage('wrong\u0000 answer')).toBe('wrong answer');
  });
});
