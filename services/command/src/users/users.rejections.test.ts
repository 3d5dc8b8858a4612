import { describe, expect, it } from 'vitest';
import { profileFieldNames, userMessages } from './users.rejections';

const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('userMessages', () => {
  it('has zh-CN and en-US for every message, with the same placeholders', () => {
    for (const text of [...Object.values(userMessages), ...Object.values(profileFieldNames)]) {
      expect(text['zh-CN'].length).toBeGreaterThan(0);
      expect(text['en-US'].length).toBeGreaterThan(0);
      expect(placeholders(text['zh-CN'])).toEqual(placeholders(text['en-US']));
    }
  });
});
