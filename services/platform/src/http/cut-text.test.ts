import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cutText } from './cut-text';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('cutText', () => {
  it('F18: never splits a surrogate pair', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
    expect(cutText('😀', 1)).toBe('');
  });

  it('keeps short text whole and long text within the bound, as a prefix with no new lone surrogate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(40), (text, max) => {
        const cut = cutText(text, max);
        expect(text.startsWith(cut)).toBe(true);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(cut).not.toMatch(loneSurrogate);
        if (text.length <= max) expect(cut).toBe(text);
        else expect(cut.length).toBeGreaterThanOrEqual(max - 1);
      }),
    );
  });
});
