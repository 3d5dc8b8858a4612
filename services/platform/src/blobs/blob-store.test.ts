import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobPath, createBlobStore, restrictBlobPermissions, sha256Of } from './blob-store';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the blob store', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'oj-blobs-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('F12: stores test data in directories no other local user can list, whatever the umask', async () => {
    const umask = process.umask(0);
    let sha256: string;
    try {
      sha256 = await createBlobStore(dataDir).put('secret test data');
    } finally {
      process.umask(umask);
    }
    const file = blobPath(path.join(dataDir, 'blobs', 'sha256'), sha256);
    expect(await modeOf(file)).toBe(0o644);
    expect(await modeOf(path.dirname(file))).toBe(0o711);
    expect(await modeOf(path.join(dataDir, 'blobs', 'sha256'))).toBe(0o711);
  });

  it('F12: restricts what an older version stored world-readable', async () => {
    // Given a blob in 0755 directories, as before F12 (and a file someone made writable)
    const root = path.join(dataDir, 'blobs', 'sha256');
    const sha256 = sha256Of(new TextEncoder().encode('old'));
    const file = blobPath(root, sha256);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'old');
    await chmod(file, 0o666);
    for (const directory of [path.dirname(file), root, path.join(dataDir, 'blobs')]) await chmod(directory, 0o755);
    // When the stack starts
    await restrictBlobPermissions(dataDir);
    // Then no directory is listable by others, and the blob still reads back
    expect(await modeOf(file)).toBe(0o644);
    for (const directory of [path.dirname(file), root, path.join(dataDir, 'blobs')]) {
      expect(await modeOf(directory)).toBe(0o711);
    }
    expect(new TextDecoder().decode(await createBlobStore(dataDir).read(sha256))).toBe('old');
  });
});
