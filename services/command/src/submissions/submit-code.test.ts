import { describe, expect, it } from 'vitest';
import { aJudgeReport } from '@oj/platform/testing';
import { CommandRejected } from '../handling/command-rejected';
import { checkCode, maxCodeLength } from './submit-code';
import { submissionMessages } from './submissions.rejections';

const rejection = (language: string, code: string) => {
  try {
    checkCode(language, code);
    return null;
  } catch (error) {
    return error instanceof CommandRejected ? error.text : error;
  }
};

describe('checkCode', () => {
  it('rejects a language outside HOJ’s list', () => {
    expect(rejection('Brainfuck', 'x'.repeat(60))).toEqual(submissionMessages.languageWrong);
  });
  it('rejects compiled-language code under 50 characters but lets script languages through', () => {
    expect(rejection('C++', 'int main(){}')).toEqual(submissionMessages.codeTooShort);
    for (const language of ['Python3', 'PyPy3', 'PHP', 'Ruby', 'Rust', 'JavaScript Node']) {
      expect(rejection(language, 'print(1)')).toBeNull();
    }
  });
  it('accepts the languages added for other judges’ problems (issue 11), with the floor waived for short scripts', () => {
    for (const language of ['Kotlin', 'Scala', 'Pascal', 'Fortran', 'D', 'Prolog']) {
      expect(rejection(language, 'x'.repeat(60))).toBeNull();
      expect(rejection(language, 'x')).toEqual(submissionMessages.codeTooShort);
    }
    for (const language of ['OCaml', 'Lua', 'Perl', 'Common Lisp']) expect(rejection(language, 'print 1')).toBeNull();
  });
  it('with live judges, rejects a language none of them verified or is verifying, listing the ones they run', () => {
    const judge = aJudgeReport({ languages: ['C', 'Python3'], verifying: ['Java'] });
    const refused = (() => {
      try {
        checkCode('Golang', 'x'.repeat(60), [judge]);
        return null;
      } catch (error) {
        return error instanceof CommandRejected ? error : null;
      }
    })();
    expect(refused?.text).toEqual(submissionMessages.languageWrong);
    expect(refused?.parameters).toEqual({ languages: '[C, Python3, Java]' });
    expect(() => checkCode('Java', 'x'.repeat(60), [judge])).not.toThrow();
    expect(() => checkCode('Golang', 'x'.repeat(60), [])).not.toThrow();
  });
  it('rejects code longer than 65535 characters, counted in UTF-16 units as HOJ does', () => {
    expect(rejection('C', 'x'.repeat(maxCodeLength))).toBeNull();
    expect(rejection('C', 'x'.repeat(maxCodeLength + 1))).toEqual(submissionMessages.codeTooLong);
  });
});
