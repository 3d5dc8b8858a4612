import type { BlobStore } from '../blobs/blob-store';
import type { TestDataCase } from './test-data-zip';

export interface StoredTestCase {
  readonly inputName: string;
  readonly outputName: string;
  readonly inputSha256: string;
  readonly outputSha256: string;
}

/** Puts each case's (already normalised) input and output in the blob store; events then carry the hashes. */
export async function storeTestData(store: BlobStore, cases: readonly TestDataCase[]): Promise<StoredTestCase[]> {
  const stored: StoredTestCase[] = [];
  for (const testCase of cases) {
    stored.push({
      inputName: testCase.inputName,
      outputName: testCase.outputName,
      inputSha256: await store.put(testCase.input),
      outputSha256: await store.put(testCase.output),
    });
  }
  return stored;
}
