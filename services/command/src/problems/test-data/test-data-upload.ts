import { z } from 'zod';
import type { BlobStore, TestDataCase } from '@oj/platform';

/**
 * An upload is remembered as a manifest blob (the cases' names and hashes), and the manifest's hash is what
 * upload-testcase-zip returns as `fileListDir`. HOJ returns a temporary server path that the client sends back
 * and the server trusts (admin §6 quirk); a content hash can't point anywhere else, works from any command
 * process sharing the blob store, and needs no nightly clean-up.
 */
export const uploadManifest = z.object({
  cases: z.array(
    z.object({
      inputName: z.string(),
      outputName: z.string(),
      inputSha256: z.string(),
      outputSha256: z.string(),
    }),
  ),
});
export type UploadManifest = z.infer<typeof uploadManifest>;

export async function storeUpload(blobs: BlobStore, cases: readonly TestDataCase[]): Promise<string> {
  const manifest: UploadManifest = { cases: [] };
  for (const testCase of cases) {
    manifest.cases.push({
      inputName: testCase.inputName,
      outputName: testCase.outputName,
      inputSha256: await blobs.put(testCase.input),
      outputSha256: await blobs.put(testCase.output),
    });
  }
  return blobs.put(JSON.stringify(manifest));
}

/** The manifest behind a `fileListDir`, or null when there is none (a made-up or foreign token). */
export async function readUpload(blobs: BlobStore, token: string): Promise<UploadManifest | null> {
  if (!/^[0-9a-f]{64}$/.test(token) || !(await blobs.has(token))) return null;
  try {
    const parsed = uploadManifest.safeParse(JSON.parse(new TextDecoder().decode(await blobs.read(token))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
