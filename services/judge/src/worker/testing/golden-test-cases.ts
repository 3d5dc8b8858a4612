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

/** One A+B case ("1 2" in, "3" out) stored in `blobs`, as a settings snapshot lists it. */
export async function storeAPlusBCase(blobs: BlobStore): Promise<JudgeSettings['testCases'][number]> {
  const [inputSha256, outputSha256] = await Promise.all([blobs.put('1 2\n'), blobs.put('3\n')]);
  return { caseId: 1, inputName: '1.in', outputName: '1.out', inputSha256, outputSha256, score: 0, groupNum: 1 };
}
