import { describe, expect, it } from 'vitest';
import { offeredLanguages } from '@oj/platform';
import { languageCatalogue } from './registry';

describe('offeredLanguages (@oj/platform)', () => {
  it('lists exactly the judge records that have a toolchain here, in the same order', () => {
    const judged = languageCatalogue.filter((record) => record.unavailableReason === undefined);
    expect(offeredLanguages.map((language) => language.name)).toEqual(judged.map((record) => record.name));
    for (const language of offeredLanguages) {
      const record = judged.find((candidate) => candidate.name === language.name);
      expect(language.contentType).toBe(record?.contentType);
    }
  });
});
