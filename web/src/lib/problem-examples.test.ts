import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExamples, serializeExamples } from './problem-examples';

describe('problem examples', () => {
  it('reads the input/output pairs in order', () => {
    expect(parseExamples('<input>1 2</input><output>3</output><input>2 2\n</input><output>4</output>')).toEqual([
      { input: '1 2', output: '3' },
      { input: '2 2\n', output: '4' },
    ]);
  });

  it('reads nothing from an empty or missing string', () => {
    expect(parseExamples(null)).toEqual([]);
    expect(parseExamples('')).toEqual([]);
  });

  it('parses what it serialises', () => {
    const text = fc.string().filter((s) => !s.includes('<'));
    fc.assert(
      fc.property(fc.array(fc.record({ input: text, output: text })), (examples) => {
        expect(parseExamples(serializeExamples(examples))).toEqual(examples);
      }),
    );
  });
});
