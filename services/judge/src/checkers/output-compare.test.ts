import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareOutput } from './output-compare';
import { trimEndBlanks } from './trailing-blank-compare';

describe('compareOutput with isRemoveEndBlank', () => {
  it('accepts output that differs only in trailing blanks, per line and at the end', () => {
    expect(compareOutput('1 2  \r\n3\t\n\n\n', '1 2\n3', true)).toBe('AC');
    expect(compareOutput('3\u3000\ufeff', '3\n', true)).toBe('AC');
  });

  it('keeps inner blank lines and leading spaces significant, and never says PE', () => {
    expect(compareOutput('1\n\n2', '1\n2', true)).toBe('WA');
    expect(compareOutput(' 1', '1', true)).toBe('WA');
    expect(compareOutput('1 2', '1\n2', true)).toBe('WA');
  });

  it('accepts any output with random trailing blanks appended to each line', () => {
    const line = fc.stringMatching(/^[a-z0-9 ]*[a-z0-9]$/);
    const blanks = fc.stringMatching(/^[ \t\r]*$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(line, blanks), { minLength: 1, maxLength: 6 }),
        fc.stringMatching(/^\s*$/),
        (rows, tail) => {
          const expected = rows.map(([text]) => text).join('\n');
          const user = rows.map(([text, pad]) => text + pad).join('\n') + tail;
          expect(compareOutput(user, expected, true)).toBe('AC');
        },
      ),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(trimEndBlanks(trimEndBlanks(text))).toBe(trimEndBlanks(text));
      }),
    );
  });

  it('stays linear on hostile runs of blanks', () => {
    const hostile = ' '.repeat(2_000_000) + 'x' + '\t'.repeat(2_000_000);
    expect(trimEndBlanks(hostile)).toBe(' '.repeat(2_000_000) + 'x');
  });
});

describe('compareOutput in exact mode', () => {
  it('accepts only identical output', () => {
    expect(compareOutput('1 2\n', '1 2\n', false)).toBe('AC');
  });

  it('says PE when only whitespace differs, anywhere', () => {
    expect(compareOutput('1 2', '1 2\n', false)).toBe('PE');
    expect(compareOutput('1\r\n2\r\n', '1\n2\n', false)).toBe('PE');
    expect(compareOutput('12', '1 2', false)).toBe('PE');
  });

  it('says WA when a visible character differs', () => {
    expect(compareOutput('1 3\n', '1 2\n', false)).toBe('WA');
  });
});
