import { describe, expect, it } from 'vitest';
import { pairTestCaseFiles } from './case-pairing';

describe('pairTestCaseFiles', () => {
  it('pairs .in with .out or .ans and orders shorter names first', () => {
    expect(pairTestCaseFiles(['10.in', '10.ans', '2.in', '2.out', '1.in', '1.out'])).toEqual([
      { inputName: '1.in', outputName: '1.out', hasOutput: true },
      { inputName: '2.in', outputName: '2.out', hasOutput: true },
      { inputName: '10.in', outputName: '10.ans', hasOutput: true },
    ]);
  });

  it('prefers .out when both .out and .ans exist', () => {
    expect(pairTestCaseFiles(['a.in', 'a.ans', 'a.out'])).toEqual([
      { inputName: 'a.in', outputName: 'a.out', hasOutput: true },
    ]);
  });

  it('pairs inputN.txt with outputN.txt', () => {
    expect(pairTestCaseFiles(['input3.txt', 'output3.txt', 'readme.txt'])).toEqual([
      { inputName: 'input3.txt', outputName: 'output3.txt', hasOutput: true },
    ]);
  });

  it('gives an input without output an empty output name, and ignores lone outputs, folders and other files', () => {
    expect(pairTestCaseFiles(['5.in', '6.out', 'sub/7.in', 'sub/7.out', 'notes.md', 'input9.txt'])).toEqual([
      { inputName: '5.in', outputName: '5.out', hasOutput: false },
      { inputName: 'input9.txt', outputName: 'output9.txt', hasOutput: false },
    ]);
  });
});
