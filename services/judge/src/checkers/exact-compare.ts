import type { CompareVerdict } from './compare-verdict';

const asciiWhitespace = /[ \t\n\v\f\r]+/g;

/**
 * isRemoveEndBlank off: byte-exact after the expected side's LF normalisation; PE when only ASCII whitespace
 * differs anywhere (judging.md §3.4).
 */
export function compareExactly(userOutput: string, expectedOutput: string): CompareVerdict {
  if (userOutput === expectedOutput) return 'AC';
  const strip = (text: string) => text.replace(asciiWhitespace, '');
  return strip(userOutput) === strip(expectedOutput) ? 'PE' : 'WA';
}
