import { describe, expect, it } from 'vitest';
import { pickLocale, renderText } from './localized-text';
import { platformMessages } from './platform-messages';

describe('pickLocale', () => {
  it('defaults to zh-CN without a header or with an unknown language', () => {
    expect(pickLocale(undefined)).toBe('zh-CN');
    expect(pickLocale('fr-FR,de;q=0.8')).toBe('zh-CN');
  });

  it('picks the first Chinese or English tag by weight', () => {
    expect(pickLocale('en-US,en;q=0.9')).toBe('en-US');
    expect(pickLocale('zh-CN;q=0.5,en;q=0.9')).toBe('en-US');
    expect(pickLocale('fr,zh-TW;q=0.8,en;q=0.7')).toBe('zh-CN');
  });
});

describe('renderText', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(renderText(platformMessages.missingParameter, 'en-US', { name: 'email' })).toBe(
      'The required request parameters are missing: email',
    );
    expect(renderText({ 'zh-CN': '{a}{b}', 'en-US': '' }, 'zh-CN', { a: 1 })).toBe('1{b}');
  });
});

describe('platformMessages', () => {
  it('has both languages for every message, with the same placeholders', () => {
    for (const text of Object.values(platformMessages)) {
      const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(text['zh-CN']).not.toBe('');
      expect(text['en-US']).not.toBe('');
      expect(placeholders(text['zh-CN'])).toEqual(placeholders(text['en-US']));
    }
  });
});
