import fc from 'fast-check';
import { escapeLiteral } from 'pg';
import { describe, expect, it } from 'vitest';
import { literalOf, quotedLiteral } from './inline-statement';

describe('quotedLiteral', () => {
  it("quotes exactly as node-postgres's escapeLiteral", () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(fc.constantFrom("'", '\\', '$', '1', '"', 'E', ' '), { maxLength: 10 }).map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(quotedLiteral(value)).toBe(escapeLiteral(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes values as node-postgres sends them, and refuses what text cannot hold', () => {
    expect(literalOf("it's")).toBe("'it''s'");
    expect(literalOf('a\\b')).toBe(" E'a\\\\b'");
    expect(literalOf(['a', null, "b'c"])).toBe(`'{"a",NULL,"b''c"}'`);
    expect(literalOf(7)).toBe("'7'");
    expect(literalOf(undefined)).toBe('NULL');
    expect(() => literalOf('a\0b')).toThrow(/NUL/u);
    expect(() => literalOf(Buffer.from('x'))).toThrow(/text/u);
  });
});
