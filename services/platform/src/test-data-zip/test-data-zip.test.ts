import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseTestDataZip, TestDataZipError } from './test-data-zip';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (data: Uint8Array) => new TextDecoder().decode(data);

describe('parseTestDataZip', () => {
  it('reads paired cases in order with LF line endings and empty missing outputs', () => {
    const zip = zipSync({
      '2.in': encode('1 2\r\n'),
      '2.out': encode('3\r\n'),
      '1.in': encode('5 5\n'),
      '1.ans': encode('10\n'),
      '3.in': encode('0 0\n'),
    });
    const cases = parseTestDataZip(zip);
    expect(cases.map((c) => [c.inputName, c.outputName, decode(c.input), decode(c.output)])).toEqual([
      ['1.in', '1.ans', '5 5\n', '10\n'],
      ['2.in', '2.out', '1 2\n', '3\n'],
      ['3.in', '3.out', '0 0\n', ''],
    ]);
  });

  it('rejects an archive whose cases sit in a folder', () => {
    const zip = zipSync({ data: { '1.in': encode('1'), '1.out': encode('1') } });
    expect(() => parseTestDataZip(zip)).toThrow(TestDataZipError);
  });

  it('rejects what is not a zip, and a zip that unpacks too large', () => {
    expect(() => parseTestDataZip(encode('not a zip'))).toThrow(TestDataZipError);
    const zip = zipSync({ '1.in': new Uint8Array(4096), '1.out': encode('0') });
    expect(() => parseTestDataZip(zip, 1000)).toThrow(/too large/);
  });
});
