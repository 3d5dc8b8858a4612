import { createHash, randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const sha256Pattern = /^[0-9a-f]{64}$/;

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Where a judge finds a blob as a local file (the store itself, or a worker's cache in front of it). */
export interface BlobFiles {
  fileFor(sha256: string): Promise<string>;
}

export interface BlobSource {
  read(sha256: string): Promise<Uint8Array>;
}

export interface BlobStore extends BlobSource, BlobFiles {
  /** Stores the bytes under their hash and returns it; storing the same bytes twice is a no-op. */
  put(bytes: Uint8Array | string): Promise<string>;
  has(sha256: string): Promise<boolean>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`No blob with sha256 ${sha256}`);
  }
}

export function assertSha256(sha256: string): void {
  if (!sha256Pattern.test(sha256)) throw new Error(`Not a sha256 hex digest: ${JSON.stringify(sha256)}`);
}

/** `<dir>/<first two hex digits>/<hash>`: the fan-out keeps directories small. */
export function blobPath(root: string, sha256: string): string {
  assertSha256(sha256);
  return path.join(root, sha256.slice(0, 2), sha256);
}

/**
 * Test data and submitted files are for the services and the judge (review F12). The directories are 0711: no
 * other local user can list them, so a blob is reachable only by its sha256, which lives in the database (now
 * behind a password). The files stay 0644 because the judge bind-mounts test data (file IO, checker and
 * interactor inputs, testlib.h) into the sandbox, whose programs run as per-slot uids with no shared group:
 * 0640 failed those runs. Making them 0640 needs the judge to run its slots with one blob group (docs/security).
 * chmod after writing, so the process umask cannot change the modes.
 */
export const blobFileMode = 0o644;
export const blobDirectoryMode = 0o711;

/** Writes through a temporary name and renames, so a reader never sees half a blob. */
export async function writeBlobFile(root: string, sha256: string, bytes: Uint8Array): Promise<string> {
  const target = blobPath(root, sha256);
  await mkdir(path.dirname(target), { recursive: true, mode: blobDirectoryMode });
  // mkdir's mode is masked by the umask (and skips directories that exist): set the two levels outright.
  await chmod(path.dirname(target), blobDirectoryMode);
  await chmod(root, blobDirectoryMode);
  const temporary = `${target}.${randomUUID()}.tmp`;
  await writeFile(temporary, bytes, { mode: blobFileMode });
  await chmod(temporary, blobFileMode);
  await rename(temporary, target);
  return target;
}

/** The content-addressed blob store under DATA_DIR/blobs/sha256 (DESIGN.md, "Large blobs"). */
export function createBlobStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'blobs', 'sha256');
  const has = async (sha256: string) => {
    try {
      return (await stat(blobPath(root, sha256))).isFile();
    } catch {
      return false;
    }
  };
  return {
    has,
    async put(content) {
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      const sha256 = sha256Of(bytes);
      if (!(await has(sha256))) await writeBlobFile(root, sha256, bytes);
      return sha256;
    },
    async read(sha256) {
      try {
        return new Uint8Array(await readFile(blobPath(root, sha256)));
      } catch {
        throw new BlobNotFoundError(sha256);
      }
    },
    async fileFor(sha256) {
      if (!(await has(sha256))) throw new BlobNotFoundError(sha256);
      return blobPath(root, sha256);
    },
  };
}

/**
 * Brings a DATA_DIR/blobs written before review F12 (files 0644, directories 0755) down to the store's modes.
 * Idempotent; run once at start, before the services open the store.
 */
export async function restrictBlobPermissions(dataDir: string): Promise<void> {
  const walk = async (directory: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (((await stat(directory)).mode & 0o777) !== blobDirectoryMode) await chmod(directory, blobDirectoryMode);
    for (const entry of entries) {
      const child = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && ((await stat(child)).mode & 0o777) !== blobFileMode) await chmod(child, blobFileMode);
    }
  };
  await walk(path.join(dataDir, 'blobs'));
}
