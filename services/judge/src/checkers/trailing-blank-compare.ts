import type { CompareVerdict } from './compare-verdict';

/**
 * hutool's "blank" characters, which HOJ trims from the end of the whole text: Java's whitespace and space
 * characters, the BOM and a few invisible ones. Scanned by hand: a regex anchored at the end is quadratic on
 * long inner runs of blanks, and user output is hostile.
 */
const blankCodes = new Set<number>([
  0x00, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x180e, 0x2028, 0x2029, 0x202a,
  0x202f, 0x205f, 0x2800, 0x3000, 0x3164, 0xfeff,
]);

function isBlank(code: number): boolean {
  return blankCodes.has(code) || (code >= 0x2000 && code <= 0x200a);
}

/** ASCII whitespace other than LF: what HOJ strips before each newline (trailing spaces, the CR of CRLF). */
function isLineBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0b || code === 0x0c;
}

/** HOJ's rtrim (judging.md §3.4): the end of the text, then the end of every line; inner blank lines stay. */
export function trimEndBlanks(text: string): string {
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  const lines = text.slice(0, end).split('\n');
  return lines
    .map((line) => {
      let lineEnd = line.length;
      while (lineEnd > 0 && isLineBlank(line.charCodeAt(lineEnd - 1))) lineEnd--;
      return lineEnd === line.length ? line : line.slice(0, lineEnd);
    })
    .join('\n');
}

/** isRemoveEndBlank on (HOJ's default): trailing blanks never matter, and there is no PE. */
export function compareIgnoringEndBlanks(userOutput: string, expectedOutput: string): CompareVerdict {
  return trimEndBlanks(userOutput) === trimEndBlanks(expectedOutput) ? 'AC' : 'WA';
}
