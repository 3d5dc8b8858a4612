import { describe, expect, it } from 'vitest';
import { parseTestDataZip } from './test-data-zip';
import { zipFiles } from './test-data-archive';

const encode = (text: string) => new TextEncoder().encode(text);

describe('zipFiles', () => {
  it('builds an archive that the upload rules read back as the same cases', () => {
    const zip = zipFiles([
      { name: '1.in', bytes: encode('1 2\n') },
      { name: '1.out', bytes: encode('3\n') },
    ]);
    const cases = parseTestDataZip(zip);
    expect(cases.map((testCase) => [testCase.inputName, new TextDecoder().decode(testCase.output)])).toEqual([
      ['1.in', '3\n'],
    ]);
  });
});
