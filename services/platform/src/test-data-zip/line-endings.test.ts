import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseLineEndings } from './line-endings';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe('normaliseLineEndings', () => {
  it('turns CRLF and lone CR into LF', () => {
    expect(text(normaliseLineEndings(bytes('1 2\r\n3\r4\n\r\n')))).toBe('1 2\n3\n4\n\n');
  });

  it('leaves no CR, keeps every other byte, and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0x0d, 0x0a, 0x20, 0x41, 0xff), { maxLength: 64 }), (raw) => {
        const once = normaliseLineEndings(Uint8Array.from(raw));
        expect(once.includes(0x0d)).toBe(false);
        expect([...once].filter((b) => b !== 0x0a)).toEqual(raw.filter((b) => b !== 0x0a && b !== 0x0d));
        expect(normaliseLineEndings(once)).toEqual(once);
      }),
    );
  });
});
