import { stat } from 'node:fs/promises';
import { blobPath, sha256Of, writeBlobFile, type BlobFiles, type BlobSource } from '@oj/platform';

/**
 * A worker's local cache of blobs, filled from a (possibly remote) source on first use and keyed by hash, so
 * an entry never goes stale: new test data has new hashes. Every fetched blob is verified against its hash.
 */
export function createBlobCache(cacheDir: string, source: BlobSource): BlobFiles {
  const inFlight = new Map<string, Promise<string>>();
  const fetchInto = async (sha256: string) => {
    const bytes = await source.read(sha256);
    const actual = sha256Of(bytes);
    if (actual !== sha256) throw new Error(`Blob ${sha256} arrived with sha256 ${actual}`);
    return writeBlobFile(cacheDir, sha256, bytes);
  };
  return {
    async fileFor(sha256) {
      const target = blobPath(cacheDir, sha256);
      if (await isFile(target)) return target;
      const pending = inFlight.get(sha256);
      if (pending) return pending;
      const fetching = fetchInto(sha256).finally(() => inFlight.delete(sha256));
      inFlight.set(sha256, fetching);
      return fetching;
    },
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
