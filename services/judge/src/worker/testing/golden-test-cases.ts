import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { JudgeSettings } from '@oj/events';
import { type BlobStore, storeTestData, parseTestDataZip } from '@oj/platform';

export const goldenProblemsDir = path.resolve(import.meta.dirname, '../../../fixtures/problems');

/** A golden problem's data dir stored as an uploaded zip would be, as the settings snapshot lists it. */
export async function storeGoldenTestCases(blobs: BlobStore, problem: string): Promise<JudgeSettings['testCases']> {
  const dataDir = path.join(goldenProblemsDir, problem, 'data');
  const files: Record<string, Uint8Array> = {};
  for (const name of await readdir(dataDir)) files[name] = new Uint8Array(await readFile(path.join(dataDir, name)));
  const stored = await storeTestData(blobs, parseTestDataZip(zipSync(files)));
  return stored.map((testCase, index) => ({ ...testCase, caseId: index + 1, score: 0, groupNum: 1 }));
}
