import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './locale';

describe('resolveLanguage (spec 000 §1)', () => {
  it('prefers the l query parameter over the stored and the browser choice', () => {
    expect(resolveLanguage({ query: 'en-US', stored: 'zh-CN', browser: ['zh-CN'] })).toBe('en-US');
  });

  it('takes the stored choice when the query has none or an unknown one', () => {
    expect(resolveLanguage({ query: null, stored: 'en-US', browser: ['zh-CN'] })).toBe('en-US');
    expect(resolveLanguage({ query: 'fr', stored: 'en-US', browser: [] })).toBe('en-US');
  });

  it("falls back to the browser's first supported language", () => {
    expect(resolveLanguage({ query: null, stored: null, browser: ['fr-FR', 'en-GB', 'zh-CN'] })).toBe('en-US');
    expect(resolveLanguage({ query: null, stored: null, browser: ['zh-TW'] })).toBe('zh-CN');
  });

  it('defaults to zh-CN', () => {
    expect(resolveLanguage({ query: null, stored: null, browser: ['de-DE'] })).toBe('zh-CN');
  });
});
