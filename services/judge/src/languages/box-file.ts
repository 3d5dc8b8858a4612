import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { isAbsolute, normalize } from 'node:path';
import { plainFileName } from '@oj/events';

/**
 * A name the judge puts into or reads back from a box: one plain path component (the catalogue's rule), so
 * `join(box, name)` can only ever name an entry of the box itself (issue 10, F3). A bad name here is a bug
 * upstream (the command and the catalogue refuse it first), so it throws rather than becoming a verdict.
 */
export function assertPlainBoxName(name: string): void {
  if (!plainFileName.safeParse(name).success) throw new Error(`Not a plain file name: ${JSON.stringify(name)}`);
}

/**
 * Reads a file the program left in its box, opened beneath the box only: the name is one plain component,
 * the box itself is opened without following a symlink, and the file is opened relative to that open
 * directory (`/proc/self/fd/N/name` is openat(N, name)) without following a symlink either. So neither a
 * symlink the program made (as the box, or as the file) nor a `..` can make the judge, which reads as root,
 * read anything outside the box. FIFOs and devices are not waited on or read; only a regular file counts.
 * Returns undefined when there is no such regular file (HOJ: empty output).
 */
export async function readBoxFile(boxDir: string, name: string, capBytes: number): Promise<Uint8Array | undefined> {
  assertPlainBoxName(name);
  if (!isAbsolute(boxDir) || normalize(boxDir) !== boxDir) throw new Error(`Not a box path: ${boxDir}`);
  const box = await open(boxDir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    const file = await open(
      `/proc/self/fd/${box.fd}/${name}`,
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    ).catch(() => undefined);
    if (!file) return undefined;
    try {
      const stats = await file.stat();
      if (!stats.isFile()) return undefined;
      const buffer = Buffer.alloc(Math.min(capBytes, stats.size));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
      return new Uint8Array(buffer.subarray(0, bytesRead));
    } finally {
      await file.close();
    }
  } finally {
    await box.close();
  }
}
