import { unzipSync } from 'fflate';
import { pairTestCaseFiles } from './case-pairing';
import { normaliseLineEndings } from './line-endings';

export interface TestDataCase {
  readonly inputName: string;
  readonly outputName: string;
  readonly input: Uint8Array;
  readonly output: Uint8Array;
}

export class TestDataZipError extends Error {}

/** A zip bomb guard: uploads larger than this once unpacked are refused. */
export const defaultMaxUnpackedBytes = 1024 * 1024 * 1024;

/**
 * Unpacks an uploaded test-data zip: top-level files only (a wrapping folder makes it look empty, as in HOJ),
 * paired and ordered by HOJ's rules, with line endings normalised to LF and missing outputs empty.
 */
export function parseTestDataZip(zip: Uint8Array, maxUnpackedBytes = defaultMaxUnpackedBytes): TestDataCase[] {
  let unpackedBytes = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (file.name.includes('/')) return false;
        unpackedBytes += file.originalSize;
        if (unpackedBytes > maxUnpackedBytes) throw new TestDataZipError('The test data is too large once unpacked');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof TestDataZipError) throw error;
    throw new TestDataZipError(`The file is not a readable zip archive: ${String(error)}`);
  }
  const cases = pairTestCaseFiles(Object.keys(files)).map((pair) => ({
    inputName: pair.inputName,
    outputName: pair.outputName,
    input: normaliseLineEndings(files[pair.inputName] ?? new Uint8Array()),
    output: normaliseLineEndings(files[pair.outputName] ?? new Uint8Array()),
  }));
  if (cases.length === 0) throw new TestDataZipError('The archive holds no test case at its top level');
  return cases;
}
