import { describe, expect, it } from 'vitest';
import { createTextSealer, isSealedText } from './text-sealer';

const key = 'a-site-key-of-at-least-thirty-two-characters';

describe('createTextSealer', () => {
  it('F9: seals text so the stored string does not contain it, and opens it again with the key', () => {
    const sealer = createTextSealer(key);
    const sealed = sealer.seal('open-sesame');
    expect(isSealedText(sealed)).toBe(true);
    expect(sealed).not.toContain('open-sesame');
    expect(sealer.open(sealed)).toBe('open-sesame');
    expect(sealer.open('')).toBe('');
    expect(sealer.open(sealer.seal('密码 🔑'))).toBe('密码 🔑');
  });

  it('seals the same text to the same string under one key, and differently under another', () => {
    expect(createTextSealer(key).seal('pw')).toBe(createTextSealer(key).seal('pw'));
    expect(createTextSealer(key).seal('pw')).not.toBe(createTextSealer(key).seal('pw2'));
    expect(createTextSealer(`${key}!`).seal('pw')).not.toBe(createTextSealer(key).seal('pw'));
  });

  it('matches sealed and legacy clear values, and refuses a value sealed under another key', () => {
    const sealer = createTextSealer(key);
    expect(sealer.matches('pw', sealer.seal('pw'))).toBe(true);
    expect(sealer.matches('PW', sealer.seal('pw'))).toBe(false);
    expect(sealer.matches('pw', 'pw')).toBe(true);
    expect(sealer.matches('pw', 'pw ')).toBe(false);
    expect(sealer.matches('pw', createTextSealer(`${key}!`).seal('pw'))).toBe(false);
    expect(() => sealer.open(createTextSealer(`${key}!`).seal('pw'))).toThrow();
  });

  it('refuses a short key', () => {
    expect(() => createTextSealer('short')).toThrow(/32 characters/);
  });
});
