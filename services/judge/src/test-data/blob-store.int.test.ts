import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobCache } from './blob-cache';
import { BlobNotFoundError, createBlobStore, sha256Of, type BlobSource } from '@oj/platform';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'oj-blobs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createBlobStore', () => {
  it('stores bytes under their sha256 in DATA_DIR/blobs/sha256 and reads them back', async () => {
    const store = createBlobStore(dir);
    const hash = await store.put('3\n');
    expect(hash).toBe(sha256Of(new TextEncoder().encode('3\n')));
    expect(await store.put('3\n')).toBe(hash);
    const file = await store.fileFor(hash);
    expect(file).toBe(path.join(dir, 'blobs', 'sha256', hash.slice(0, 2), hash));
    expect(await readFile(file, 'utf8')).toBe('3\n');
  });

  it('reports a missing blob', async () => {
    await expect(createBlobStore(dir).read('0'.repeat(64))).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});

describe('createBlobCache', () => {
  it('fetches a blob once, then answers from its own directory', async () => {
    const store = createBlobStore(dir);
    const hash = await store.put('cached data');
    let reads = 0;
    const countingSource: BlobSource = { read: (sha256) => (reads++, store.read(sha256)) };
    const cache = createBlobCache(path.join(dir, 'cache'), countingSource);
    const [first, second] = await Promise.all([cache.fileFor(hash), cache.fileFor(hash)]);
    expect(first).toBe(second);
    expect(await cache.fileFor(hash)).toBe(first);
    expect(reads).toBe(1);
    expect(await readFile(first, 'utf8')).toBe('cached data');
  });

  it('refuses a blob whose content does not match its hash', async () => {
    const lying: BlobSource = { read: async () => new TextEncoder().encode('something else') };
    const cache = createBlobCache(path.join(dir, 'cache2'), lying);
    await expect(cache.fileFor('a'.repeat(64))).rejects.toThrow(/arrived with sha256/);
  });
});
